// The composition root of what reads and takes the agent's work: the transcript tabs, and the changed files with
// their diffs and apply. The build emits it as its own file, dist/agentWork.js, which extension.ts loads once, on
// the first of these commands or a restored transcript tab; it is built on the commands' services
// (src/onDemand.ts), which load first. Chat is a file of its own (src/chatWork.ts).
import type * as vscode from 'vscode';
import type { Activated, CommandParts } from './onDemand';
import { applyCommands } from './vscode/changes/applyCommands';
import { ApplySnapshots } from './vscode/changes/applySnapshots';
import { ChangesApplier, chooseOwnInQuickPick } from './vscode/changes/changesApplier';
import { MergeInputs } from './vscode/changes/mergeInputs';
import { ChangeContentProvider } from './vscode/changes/changeContentProvider';
import { ChangeDecorations } from './vscode/changes/changeDecorations';
import { readWhenVisible } from './vscode/changes/changesMemory';
import { ChangesTreeProvider } from './vscode/changes/changesTreeProvider';
import { changesCommands } from './vscode/changes/changesCommands';
import { ChangesController } from './vscode/changes/changesController';
import type { Exporter } from './vscode/transcript/transcriptExport';
import { transcriptFeature } from './vscode/transcript/transcriptFeature';
import { systemClock } from './core/conversations/refreshSchedule';
import { TranscriptFollower } from './core/transcript/follow';
import type { FollowFactory } from './core/transcript/followTypes';
import type { AgentWorkHandlers } from './vscode/platform/commands';
import { loggedImport, onFirstUse } from './vscode/platform/firstUse';
import { presentingFailures } from './vscode/platform/presentedFailures';
import { Command } from './vscode/platform/ids';

export interface AgentWork {
  readonly handlers: AgentWorkHandlers;
  /**
   * The two sides of each changed file (registered at activation: changeContentRegistration.ts), which the review's
   * comments are on (src/review.ts).
   */
  readonly changeContents: ChangeContentProvider;
  /** Show Changes and the changes it read, which Check Changes runs on (src/checkWork.ts). */
  readonly changes: ChangesController;
  /** A transcript tab VS Code restored after a reload, with the state its page saved. */
  restoreTranscript(panel: vscode.WebviewPanel, state: unknown): void;
}

export function agentWork(activated: Activated, parts: CommandParts): AgentWork {
  const { context, logger, session, errors, conversations, watch } = activated;
  const { git, actions } = parts;
  const merges = new MergeInputs();
  context.subscriptions.push(merges);
  const applier = new ChangesApplier(session, conversations, git, new ApplySnapshots(context.globalStorageUri), merges, errors, logger, chooseOwnInQuickPick, activated.checkMarks);
  // The sides read the changes through the controller, which opens diffs of those sides: bound once both exist.
  const changeContents: ChangeContentProvider = new ChangeContentProvider(activated.changes, (origin) => changes.loadedFrom(origin));
  // The Changes view shows only after Show Changes (or its restore after a reload), both of which load this bundle.
  const changesTree = new ChangesTreeProvider(activated.changes, session);
  context.subscriptions.push(changeContents, new ChangeDecorations(activated.changes), changesTree, readWhenVisible(activated.changes, changesTree.view));
  const changes: ChangesController = new ChangesController(activated.changes, changeContents, session, conversations, watch, errors, logger);
  const follow: FollowFactory = (sources, onUpdate) => new TranscriptFollower(sources, systemClock, onUpdate);
  const transcripts = transcriptFeature({
    context, session, watch, errors, logger, actions,
    follow, exporter: lazyExporter(activated),
  });
  return {
    handlers: presentingFailures({
      ...transcripts.handlers,
      ...applyCommands(applier, watch, conversations, session, () => activated.changes.shown?.conversation.id),
      ...changesCommands(changes, activated.changes),
      [Command.CompleteMerge]: (result?: vscode.Uri) => merges.complete(result),
    }, errors),
    restoreTranscript: transcripts.restore,
    changeContents,
    changes,
  };
}

/** Export Transcript: its own file (src/exportWork.ts), loaded on the first export. */
function lazyExporter({ session, errors, logger }: Activated): Exporter {
  const loaded = onFirstUse(async () =>
    (await loggedImport((message) => logger.info(message), 'exportWork.js', () => import('./exportWork.js'))).transcriptExport(session, errors, logger));
  return { run: async (conversation) => (await loaded.get()).run(conversation) };
}
