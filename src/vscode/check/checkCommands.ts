// Check Changes and Send Failures to Agent, built with what they run on. The copies a crash or a closed window
// left, and Send This Folder's snapshots kept longer than a conversation is worked on, go when this is first built.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { CHECKS_FOLDER, removeLeftovers } from '../../core/check/checkCopy';
import { removeOldSentBases, SENT_BASES_FOLDER } from '../../core/check/sentBases';
import type { ChangesController } from '../changes/changesController';
import type { ChangesStore } from '../changes/changesStore';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationActions } from '../conversations/conversationActions';
import type { ConversationStore } from '../conversations/conversationStore';
import type { ConversationWatch } from '../conversations/conversationWatch';
import type { GitRepositories } from '../git/gitRepositories';
import type { CommandHandler } from '../platform/commands';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { FirstUse } from '../platform/firstUse';
import { Command } from '../platform/ids';
import type { Logger } from '../platform/log';
import { ReviewPreview } from '../review/reviewPreview';
import { ChangesCheck } from './changesCheck';
import { CheckChoices } from './checkChoice';
import type { CheckProblems } from './checkProblems';
import type { CheckMarks } from './checkMarks';
import { CheckResults } from './failureSender';

export interface CheckParts {
  readonly context: vscode.ExtensionContext;
  readonly controller: ChangesController;
  readonly changes: ChangesStore;
  readonly session: ServerSession;
  readonly conversations: ConversationStore;
  readonly git: GitRepositories;
  readonly actions: ConversationActions;
  readonly errors: ErrorPresenter;
  readonly logger: Logger;
  readonly marks: CheckMarks;
  readonly watch: ConversationWatch;
  /** The problem matchers' part, loaded on first use (src/checkProblems.ts). */
  readonly problems: FirstUse<CheckProblems>;
}

export function checkCommands(parts: CheckParts) {
  const { context, logger } = parts;
  const storage = context.globalStorageUri.fsPath;
  const folders = { copies: join(storage, CHECKS_FOLDER), sentBases: join(storage, SENT_BASES_FOLDER) };
  void Promise.all([removeLeftovers(folders.copies), removeOldSentBases(folders.sentBases)]).then(([copies, bases]) => {
    if (copies.length || bases.length) logger.info(`Removed ${copies.length} old check copies, ${bases.length} sent-folder snapshots`);
  }, (error: unknown) => logger.warn(`Removing old check copies failed: ${String(error)}`));
  const preview = new ReviewPreview('openhands-check');
  context.subscriptions.push(preview);
  const results = new CheckResults(parts.changes, parts.actions, preview, parts.marks, parts.watch, (id) => check.check(id, true));
  context.subscriptions.push(results);
  const check: ChangesCheck = new ChangesCheck(
    parts.controller, parts.changes, parts.session, parts.conversations, parts.git, new CheckChoices(context.workspaceState), results,
    context.workspaceState, folders, parts.errors, logger, parts.problems,
  );
  return {
    [Command.CheckChanges]: (argument?: unknown) => check.check(argument),
    [Command.SendCheckFailures]: (argument?: unknown) => results.sendFailures(argument),
    [Command.OpenCheckOutput]: (argument?: unknown) => results.openOutput(argument),
  } satisfies Record<string, CommandHandler>;
}
