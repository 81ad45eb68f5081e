// The composition root of what reads and takes the agent's work: the transcript tabs, the changed files with their
// diffs and apply, and chat (the @openhands participant and the language-model tools). The build emits it as its own
// file, dist/agentWork.js, which extension.ts loads once, on the first of these commands, a chat request or a
// restored transcript tab; it is built on the commands' services (src/onDemand.ts), which load first.
import type * as vscode from 'vscode';
import type { Activated, CommandParts } from './onDemand';
import { ChatCommands } from './vscode/chat/chatCommands';
import { chatHandler } from './vscode/chat/chatHandler';
import type { ChatServices } from './vscode/chat/chatRegistration';
import { ChatTasks } from './vscode/chat/chatTasks';
import { DelegateTool, ReadTool } from './vscode/chat/lmTools';
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
import { transcriptFeature } from './vscode/transcript/transcriptFeature';
import { systemClock } from './core/conversations/refreshSchedule';
import { TranscriptFollower } from './core/transcript/follow';
import type { FollowFactory } from './core/transcript/followTypes';
import { buildTranscript } from './core/transcript/build';
import { transcriptMarkdown } from './core/transcript/export';
import type { AgentWorkHandlers } from './vscode/platform/commands';
import { Chat, Command } from './vscode/platform/ids';

export interface AgentWork {
  readonly handlers: AgentWorkHandlers;
  /** The @openhands participant's handler and the language-model tools. */
  readonly chat: ChatServices;
  /**
   * The two sides of each changed file (registered at activation: changeContentRegistration.ts), which the review's
   * comments are on (src/review.ts).
   */
  readonly changeContents: ChangeContentProvider;
  /** A transcript tab VS Code restored after a reload, with the state its page saved. */
  restoreTranscript(panel: vscode.WebviewPanel, state: unknown): void;
}

export function agentWork(activated: Activated, parts: CommandParts): AgentWork {
  const { context, logger, session, errors, conversations, links, watch } = activated;
  const { git, targets, sender, actions } = parts;
  const merges = new MergeInputs();
  context.subscriptions.push(merges);
  const applier = new ChangesApplier(session, conversations, git, new ApplySnapshots(context.globalStorageUri), merges, errors, logger, chooseOwnInQuickPick);
  // The sides read the changes through the controller, which opens diffs of those sides: bound once both exist.
  const changeContents: ChangeContentProvider = new ChangeContentProvider(activated.changes, (origin) => changes.loadedFrom(origin));
  // The Changes view shows only after Show Changes (or its restore after a reload), both of which load this bundle.
  const changesTree = new ChangesTreeProvider(activated.changes, session);
  context.subscriptions.push(changeContents, new ChangeDecorations(activated.changes), changesTree, readWhenVisible(activated.changes, changesTree.view));
  const changes: ChangesController = new ChangesController(activated.changes, changeContents, session, conversations, watch, errors, logger);
  const follow: FollowFactory = (sources, onUpdate) => new TranscriptFollower(sources, systemClock, onUpdate);
  const transcripts = transcriptFeature({
    context, session, watch, errors, logger, actions,
    follow, toMarkdown: (title, events) => transcriptMarkdown(buildTranscript(events).items, title),
  });
  return {
    handlers: {
      ...transcripts.handlers,
      ...applyCommands(applier, watch, conversations, session, () => activated.changes.shown?.conversation.id),
      ...changesCommands(changes, activated.changes),
      [Command.CompleteMerge]: (result?: vscode.Uri) => merges.complete(result),
    },
    chat: {
      handle: chatHandler(new ChatTasks(session, targets, sender, errors, follow), new ChatCommands(session, actions, errors)),
      tools: { [Chat.DelegateTool]: new DelegateTool(session, targets, sender, links), [Chat.ReadTool]: new ReadTool(session) },
    },
    restoreTranscript: transcripts.restore,
    changeContents,
  };
}
