// Send This Folder in the editor: whether the line can take the folder (and why not), the confirmation, then the
// snapshot and the hand-over (core/handover) under one cancellable notification with its steps. A failure names
// the step and why, with Retry; the person's folder is never changed (the snapshot only reads it).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { gitRunner, type GitRunner } from '../../core/changes/gitRunner';
import { keepSentBase } from '../../core/check/sentBases';
import { formatSize } from '../../core/conversations/message';
import { canHandOver, handOver, HandOverError, type HandOverProgress } from '../../core/handover/handOver';
import { makeSnapshot, scanFolder, unpackCommand, type FolderScan } from '../../core/handover/snapshot';
import type { Server, ServerSession } from '../connection/serverSession';
import type { GitRepositories } from '../git/gitRepositories';
import { configuration } from '../platform/configuration';
import type { Logger } from '../platform/log';
import { confirmFolder } from './folderConfirm';

/** Send This Folder for a start: offered with the folder's scan, or not, with the reason the pre-flight shows. */
export type FolderOffer =
  | { readonly kind: 'offered'; readonly folder: vscode.Uri; readonly scan: FolderScan }
  | { readonly kind: 'notOffered'; readonly reason: string };

export interface HandedOver {
  readonly server: Server;
  readonly conversationId: string;
  readonly branch: string;
  /** The snapshot commit handed over. */
  readonly commit: string;
}

/** Who else follows a hand-over (a chat response, the Delegate tool): its steps, and its own cancel. */
export interface HandOverWatcher {
  report(step: string): void;
  readonly signal: AbortSignal;
}

export class FolderHandOver {
  /** `sentBases`: where each snapshot handed over is kept, the base Check Changes runs the person's task on. */
  constructor(private readonly session: ServerSession, private readonly git: GitRepositories, private readonly logger: Logger, private readonly sentBases: string) {}

  /** Undefined where there is no folder on this machine to send (no workspace folder, a remote file system). */
  async offer(folder: vscode.Uri | undefined): Promise<FolderOffer | undefined> {
    if (folder?.scheme !== 'file') return undefined;
    const server = await this.session.connect();
    if (!server || !canHandOver(server.client)) {
      return { kind: 'notOffered', reason: vscode.l10n.t('Send This Folder is not offered: this server cannot take a folder (it needs OpenHands 1.11 or later, whose conversations take their task after they start).') };
    }
    try {
      const scan = await scanFolder(folder.fsPath, undefined, await this.gitRunner());
      const limit = configuration.handOverLimitBytes();
      if (scan.totalBytes > limit) {
        return { kind: 'notOffered', reason: vscode.l10n.t('Send This Folder is not offered: the folder holds {0}, more than the {1} the openhands.maxHandOverMiB setting allows.', formatSize(scan.totalBytes), formatSize(limit)) };
      }
      return { kind: 'offered', folder, scan };
    } catch (error) {
      this.logger.warn(`Cannot read ${folder.fsPath} for Send This Folder: ${String(error)}`);
      return { kind: 'notOffered', reason: vscode.l10n.t('Send This Folder is not offered: git could not read the folder ({0}).', error instanceof Error ? error.message : String(error)) };
    }
  }

  /** Confirms, then hands the folder over and sends the task; undefined when cancelled or failed (after saying so). */
  async send(
    offer: Extract<FolderOffer, { kind: 'offered' }>, task: string, imageUrls: readonly string[] | undefined, watcher?: HandOverWatcher,
  ): Promise<HandedOver | undefined> {
    const folderName = path.basename(offer.folder.fsPath);
    const leaveOut = await confirmFolder(folderName, offer.scan);
    if (!leaveOut) return undefined;
    return this.run(offer.folder, folderName, leaveOut, { text: task, ...(imageUrls?.length ? { imageUrls } : {}) }, watcher);
  }

  private async run(
    folder: vscode.Uri, folderName: string, leaveOut: readonly string[], task: { text: string; imageUrls?: readonly string[] }, watcher?: HandOverWatcher,
  ): Promise<HandedOver | undefined> {
    const server = await this.session.connect();
    if (!server) return undefined;
    try {
      return await vscode.window.withProgress({
        location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: sending {0}', folderName), cancellable: true,
      }, async (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        watcher?.signal.addEventListener('abort', () => controller.abort(), { once: true });
        // The steps go to the notification and to whoever else follows the start (the chat response).
        const both = { report: (step: { message?: string }) => { progress.report(step); if (step.message) watcher?.report(step.message); } };
        return await this.handOverWithProgress(server, folder, leaveOut, task, both, controller.signal);
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') {
        void vscode.window.showWarningMessage(vscode.l10n.t('Sending the folder was cancelled while making its snapshot; nothing left this machine.'));
        return undefined;
      }
      const message = error instanceof HandOverError ? error.message
        : vscode.l10n.t('Sending the folder failed while making its snapshot: {0}', error instanceof Error ? error.message : String(error));
      this.logger.warn(`Send This Folder failed: ${message}`);
      if (error instanceof HandOverError && error.cancelled) {
        void vscode.window.showWarningMessage(message);
        return undefined;
      }
      const retry = vscode.l10n.t('Retry');
      return (await vscode.window.showErrorMessage(message, retry)) === retry ? this.run(folder, folderName, leaveOut, task, watcher) : undefined;
    }
  }

  private async handOverWithProgress(
    server: Server, folder: vscode.Uri, leaveOut: readonly string[], task: { text: string; imageUrls?: readonly string[] },
    progress: vscode.Progress<{ message?: string }>, signal: AbortSignal,
  ): Promise<HandedOver> {
    progress.report({ message: vscode.l10n.t('Making the snapshot…') });
    const snapshot = await makeSnapshot(folder.fsPath, { leaveOut, historyLimitBytes: configuration.handOverLimitBytes(), signal, git: await this.gitRunner() });
    try {
      this.logger.info(`Snapshot ${snapshot.commit} of ${folder.fsPath}: ${snapshot.fileCount} files, bundle ${snapshot.bundleBytes} bytes, ${snapshot.withHistory ? 'with' : 'without'} history`);
      const conversationId = await handOver(server.client, {
        bundle: snapshot, unpackCommand: (remotePath) => unpackCommand(snapshot, remotePath), task, signal,
        instructions: configuration.conversationInstructions() || undefined,
        onProgress: (step) => progress.report({ message: progressText(step) }),
      });
      await keepSentBase(this.sentBases, snapshot.commit, snapshot.bundlePath)
        .catch((error: unknown) => this.logger.warn(`The snapshot ${snapshot.commit} was not kept for Check Changes: ${String(error)}`));
      return { server, conversationId, branch: snapshot.branch, commit: snapshot.commit };
    } finally {
      await snapshot.dispose();
    }
  }

  private async gitRunner(): Promise<GitRunner> {
    return gitRunner((await this.git.gitApi())?.git?.path);
  }
}

function progressText(step: HandOverProgress): string {
  switch (step.step) {
    case 'start': return step.detail ? vscode.l10n.t('Starting the conversation: {0}', step.detail) : vscode.l10n.t('Starting the conversation…');
    case 'upload': return vscode.l10n.t('Uploading the folder: {0} of {1}', formatSize(step.sent), formatSize(step.total));
    case 'unpack': return vscode.l10n.t('Unpacking the folder in the sandbox…');
    case 'task': return vscode.l10n.t('Sending the task…');
    case 'leaving': return vscode.l10n.t('Stopping the conversation the server was still starting…');
  }
}
