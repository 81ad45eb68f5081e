// Check Changes: the person's own task or command line runs on the agent's changes, in a temporary copy of the
// conversation's base with the agent's exact patch applied (core/check/checkCopy.ts), never in their folder. It
// runs the agent's code as the person, so only in a trusted workspace, and the first check of a conversation asks
// first, naming the changed files a build or test runs. The result is a notification with the exit code and the
// time; a failure can go back to the agent as one follow-up (failureSender.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LoadedChanges } from '../../core/changes/changeLoader';
import { gitRunner } from '../../core/changes/gitRunner';
import { filesRunByBuilds } from '../../core/check/buildFiles';
import { patchHash } from '../../core/check/patchHash';
import { CheckCopyError, makeCheckCopy, type CheckCopy } from '../../core/check/checkCopy';
import type { CheckRun } from '../../core/check/checkProcess';
import { sentBase } from '../../core/check/sentBases';
import { SETTINGS_SECTION, clampSetting } from '../../core/platform/settingKeys';
import { applyFolder } from '../changes/applyFolder';
import type { ChangesController } from '../changes/changesController';
import type { ChangesStore } from '../changes/changesStore';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationStore } from '../conversations/conversationStore';
import type { GitRepositories } from '../git/gitRepositories';
import { signalOf } from '../platform/cancellation';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { FirstUse } from '../platform/firstUse';
import type { Logger } from '../platform/log';
import type { CheckChoice, CheckChoices } from './checkChoice';
import type { CheckProblems } from './checkProblems';
import { runInTerminal } from './checkTerminal';
import type { CheckResults, CheckedConversation } from './failureSender';

/** Where the check keeps its files: the copies, and Send This Folder's kept snapshots. */
export interface CheckFolders {
  readonly copies: string;
  readonly sentBases: string;
}

const CONSENTED = 'openhands.check.consented';

export class ChangesCheck {
  /** The conversations whose check runs now (one at a time each). */
  private readonly running = new Set<string>();

  constructor(
    private readonly controller: ChangesController,
    private readonly store: ChangesStore,
    private readonly session: ServerSession,
    private readonly conversations: ConversationStore,
    private readonly git: GitRepositories,
    private readonly choices: CheckChoices,
    private readonly results: CheckResults,
    private readonly state: vscode.Memento,
    private readonly folders: CheckFolders,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
    private readonly problems: FirstUse<CheckProblems>,
  ) {}

  /**
   * Checks the changes of the conversation given (an id or a row), else of the one shown; the run, or undefined.
   * `again` (after the agent's next run): its changes read anew, and what ran last runs without asking.
   */
  async check(argument?: unknown, again = false): Promise<CheckRun | undefined> {
    if (!vscode.workspace.isTrusted) {
      const trust = vscode.l10n.t('Manage Workspace Trust');
      const picked = await vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: Check Changes runs the agent\'s code on this machine; it runs only in a trusted workspace.'), trust);
      if (picked === trust) await vscode.commands.executeCommand('workbench.trust.manage');
      return undefined;
    }
    try {
      if (again && !await this.controller.show(argument)) return undefined;
      const changes = await this.controller.loaded(argument);
      const shown = this.store.shown?.conversation;
      if (!changes || shown?.id !== changes.conversationId) return undefined;
      const conversation = { id: shown.id, title: shown.title || shown.id, repository: shown.repository };
      if (!changes.patch || changes.files.length === 0) {
        void vscode.window.showInformationMessage(changes.patch
          ? vscode.l10n.t('OpenHands: "{0}" has no changes to check.', conversation.title)
          : vscode.l10n.t('OpenHands: checking the changes needs the exact patch of the conversation\'s agent server, which cannot be reached from here.'));
        return undefined;
      }
      if (this.running.has(conversation.id)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the changes of "{0}" are being checked already; its terminal shows how far.', conversation.title));
        return undefined;
      }
      this.running.add(conversation.id);
      return await this.checkLoaded(conversation, changes, again).finally(() => this.running.delete(conversation.id));
    } catch (error) {
      await this.errors.show(error, { retry: () => this.check(argument, again) });
      return undefined;
    }
  }

  private async checkLoaded(conversation: CheckedConversation & { repository: string | null }, changes: LoadedChanges, again: boolean): Promise<CheckRun | undefined> {
    const server = await this.session.connect();
    if (!server) return undefined;
    const started = this.conversations.find(server.url, conversation.id);
    const folder = await applyFolder(started, conversation.repository, this.git);
    if (!folder) {
      void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: open the folder of "{0}" in VS Code to check its changes there.', conversation.title));
      return undefined;
    }
    const choice = (again ? await this.choices.last(folder) : undefined) ?? await this.choices.pick(folder);
    if (!choice || !await this.consent(conversation, changes, choice)) return undefined;
    const sent = started?.sentFolderCommit;
    const bundle = sent ? await sentBase(this.folders.sentBases, sent) : undefined;
    const base = [changes.base.commit, changes.base.ref].filter((name): name is string => !!name && name !== 'HEAD');
    const copy = await this.copyWithProgress(conversation, folder, changes, base, bundle);
    if (!copy) return undefined;
    try {
      const running = () => this.runWithProgress(conversation, copy, choice, folder);
      // The matchers' problems of the last check go with the next one, whether or not its task has matchers.
      this.problems.now()?.clear();
      const { result: run, problems } = choice.matchers?.length ? await (await this.problems.get()).during(copy.cwd, folder, running) : { result: await running(), problems: [] };
      this.logger.info(`Check of ${conversation.id}: ${run.end} (${run.exitCode ?? '-'}) in ${run.ms} ms, on ${copy.commit}${copy.onHead ? ' (HEAD: the base is not here)' : ''}`);
      const failure = { commandLine: choice.commandLine, end: run.end, exitCode: run.exitCode, ms: run.ms, output: run.output.text(), onHead: copy.onHead, problems };
      this.results.record(conversation, failure, patchHash(changes.patch!.bytes));
      void this.results.announce(conversation.id, run.error);
      return run;
    } finally {
      await copy.dispose();
    }
  }

  private async copyWithProgress(
    conversation: CheckedConversation, folder: vscode.Uri, changes: LoadedChanges, base: string[], bundle: string | undefined,
  ): Promise<CheckCopy | undefined> {
    const git = gitRunner((await this.git.gitApi())?.git?.path);
    try {
      return await vscode.window.withProgress({
        location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: copying the repository with the changes of "{0}"', conversation.title), cancellable: true,
      }, (_progress, token) => {
        const signal = signalOf(token);
        return makeCheckCopy(git, { folder: folder.fsPath, root: this.folders.copies, patch: changes.patch!.bytes, base, bundle, signal });
      });
    } catch (error) {
      if (isAbort(error)) return undefined;
      if (!(error instanceof CheckCopyError)) throw error;
      void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: the check of "{0}" could not start. {1}', conversation.title, error.message));
      return undefined;
    }
  }

  private async runWithProgress(conversation: CheckedConversation, copy: CheckCopy, choice: CheckChoice, folder: vscode.Uri): Promise<CheckRun> {
    const inTask = join(copy.cwd, choice.cwd);
    const cwd = existsSync(inTask) ? inTask : copy.cwd;
    const minutes = clampSetting('checkTimeLimitMinutes', vscode.workspace.getConfiguration(SETTINGS_SECTION).get('checkTimeLimitMinutes'));
    const commandLine = choice.commandLine.replace(/\$\{(?:workspaceFolder|workspaceRoot)\}/g, copy.cwd);
    return vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, cancellable: true,
      title: vscode.l10n.t('OpenHands: checking the changes of "{0}": {1}', conversation.title, choice.label),
    }, (_progress, token) => runInTerminal(
      { name: vscode.l10n.t('Check: {0}', conversation.title), scope: vscode.workspace.getWorkspaceFolder(folder), matchers: choice.matchers ?? [] },
      { commandLine, cwd, env: choice.env, timeoutMs: minutes * 60_000, signal: signalOf(token) },
    ));
  }

  /** The first check of a conversation says that the agent's code runs as the person, and which files a build runs. */
  private async consent(conversation: CheckedConversation, changes: LoadedChanges, choice: CheckChoice): Promise<boolean> {
    const consented = this.state.get<string[]>(CONSENTED, []);
    if (consented.includes(conversation.id)) return true;
    const run = filesRunByBuilds(changes.files.flatMap((file) => (file.oldPath === undefined ? [file.path] : [file.path, file.oldPath])));
    const shown = run.slice(0, 12).map((path) => `• ${path}`);
    if (run.length > shown.length) shown.push(vscode.l10n.t('and {0} more', run.length - shown.length));
    const detail = [
      vscode.l10n.t('"{0}" runs on the agent\'s changes in a temporary copy of your repository, on this machine, as you: the agent\'s code can read and change anything you can, also outside the copy. Run it only on changes you have read.', choice.commandLine),
      run.length
        ? `${vscode.l10n.t('Files the agent changed that a build or test runs:')}\n${shown.join('\n')}`
        : vscode.l10n.t('None of the files the agent changed is a build, CI or test file; the code it changed still runs.'),
    ].join('\n\n');
    const go = vscode.l10n.t('Run the Check');
    // Not Now first: the button Enter picks, so the agent's code runs only on a deliberate choice.
    const picked = await vscode.window.showWarningMessage(vscode.l10n.t('Run the agent\'s changes of "{0}" on this machine?', conversation.title), { modal: true, detail }, vscode.l10n.t('Not Now'), go);
    if (picked !== go) return false;
    await this.state.update(CONSENTED, [...consented.slice(-199), conversation.id]);
    return true;
  }
}

/** A cancel while the copy was made: git's process ended by the signal, or the check between two steps. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as NodeJS.ErrnoException).code === 'ABORT_ERR');
}
