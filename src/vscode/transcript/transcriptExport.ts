// Export: a conversation's transcript as Markdown (every event, read from the server's events route, written by
// core's export), or the server's own trajectory download where its API offers one; saved where the person
// picks in the save dialog.
import * as vscode from 'vscode';
import type { EventsReader, OpenHandsClient } from '../../api/client';
import type { ConversationEvent } from '../../api/model/events';
import { defaultFileName } from '../../core/platform/fileNames';
import type { ServerSession } from '../connection/serverSession';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { Logger } from '../platform/log';

export interface ExportedConversation {
  readonly id: string;
  readonly title: string;
}

/** Core's Markdown export of a conversation's events. */
export type ToMarkdown = (title: string, events: readonly ConversationEvent[]) => string;

/** Export Transcript as the tabs and commands call it: the export itself is loaded on its first run (src/exportWork.ts). */
export interface Exporter {
  run(conversation: ExportedConversation | undefined): Promise<boolean>;
}

const PAGE = 100;

export class TranscriptExport implements Exporter {
  constructor(private readonly session: ServerSession, private readonly errors: ErrorPresenter, private readonly logger: Logger, private readonly toMarkdown: ToMarkdown) {}

  /** Asks what to save (where the server offers its trajectory too), then where; true once saved. */
  async run(conversation: ExportedConversation | undefined): Promise<boolean> {
    if (!conversation) return false;
    try {
      const server = await this.session.connect();
      if (!server) return false;
      const what = await this.pickWhat(server.client);
      if (what === 'markdown') return await this.saveMarkdown(server.client, conversation);
      if (what === 'trajectory') return await this.saveTrajectory(server.client, conversation);
      return false;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.run(conversation) });
      return false;
    }
  }

  private async pickWhat(client: OpenHandsClient): Promise<'markdown' | 'trajectory' | undefined> {
    const readable = Boolean(client.events || client.agentServer);
    if (!client.downloadTrajectory) {
      if (!readable) void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: this server\'s API offers no events to export.'));
      return readable ? 'markdown' : undefined;
    }
    if (!readable) return 'trajectory';
    const picked = await vscode.window.showQuickPick([
      { label: vscode.l10n.t('Transcript as Markdown'), what: 'markdown' as const },
      { label: vscode.l10n.t('The server\'s trajectory (its own export)'), what: 'trajectory' as const },
    ], { title: vscode.l10n.t('OpenHands: Export Transcript') });
    return picked?.what;
  }

  private async saveMarkdown(client: OpenHandsClient, conversation: ExportedConversation): Promise<boolean> {
    const target = await askTarget(defaultFileName(conversation.title, 'md', 'transcript'), { Markdown: ['md'] });
    if (!target) return false;
    const events = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: reading the events of "{0}"', conversation.title) },
      async () => readAll(await eventsReader(client, conversation.id)));
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(this.toMarkdown(conversation.title, events)));
    this.logger.info(`Transcript of conversation ${conversation.id} exported (${events.length} events)`);
    void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the transcript was saved to {0}.', target.fsPath));
    return true;
  }

  private async saveTrajectory(client: OpenHandsClient, conversation: ExportedConversation): Promise<boolean> {
    const download = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: downloading the trajectory of "{0}"', conversation.title) },
      () => client.downloadTrajectory!(conversation.id));
    const target = await askTarget(download.fileName || defaultFileName(conversation.title, 'zip', 'trajectory'), {});
    if (!target) return false;
    await vscode.workspace.fs.writeFile(target, download.bytes);
    void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the trajectory was saved to {0}.', target.fsPath));
    return true;
  }
}

async function askTarget(name: string, filters: Record<string, string[]>): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined, filters, title: vscode.l10n.t('Save As') });
}

/** The app server's copy of the events, else the agent server's where it is reachable. */
async function eventsReader(client: OpenHandsClient, id: string): Promise<EventsReader> {
  const appServer = client.events?.(id);
  if (appServer) return appServer;
  const reach = await client.agentServer!(id);
  if (reach.reachable) return reach.agent.events;
  throw new Error(vscode.l10n.t('The conversation\'s agent server cannot be reached ({0}), and this server keeps no copy of its events.', reach.reason));
}

/** Every event, oldest first: the newest page, then each page before it. */
async function readAll(reader: EventsReader): Promise<ConversationEvent[]> {
  let window = await reader.latest(PAGE);
  const pages = [window.events];
  while (window.olderCursor) {
    window = await reader.older(window.olderCursor, PAGE);
    pages.unshift(window.events);
  }
  return pages.flat();
}

