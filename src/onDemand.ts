// The composition root of what runs only when a person acts: every command's handler and the services only
// commands use (wizards, field and MCP editors, the message composition and sending, git push, the server
// switches). The build emits it as its own file, dist/onDemand.js, which extension.ts loads once, on the first
// command; the start-up bundle holds only what the views and status bars need to show the state. A new command
// is built here, and what only it uses stays out of the start-up bundle by itself (CONTRIBUTING.md, "The package").
import type * as vscode from 'vscode';
import type { RedirectError } from './api/http/transportErrors';
import { createTestingApi, type TestingApi } from './testingApi';
import { ChatCommands } from './vscode/chat/chatCommands';
import { chatHandler } from './vscode/chat/chatHandler';
import type { ChatServices } from './vscode/chat/chatRegistration';
import { ChatTasks } from './vscode/chat/chatTasks';
import { DelegateTool, ReadTool } from './vscode/chat/lmTools';
import type { ApiKeyStore } from './vscode/connection/apiKeyStore';
import { applyCommands } from './vscode/changes/applyCommands';
import { ApplySnapshots } from './vscode/changes/applySnapshots';
import { ChangesApplier, chooseOwnInQuickPick } from './vscode/changes/changesApplier';
import { MergeInputs } from './vscode/changes/mergeInputs';
import { ChangeContentProvider } from './vscode/changes/changeContentProvider';
import { ChangeDecorations } from './vscode/changes/changeDecorations';
import { changesCommands } from './vscode/changes/changesCommands';
import { ChangesController } from './vscode/changes/changesController';
import type { ChangesStore } from './vscode/changes/changesStore';
import { ConnectionCommands } from './vscode/connection/connectionCommands';
import { useMovedServer } from './vscode/connection/serverMoved';
import type { ServerSession } from './vscode/connection/serverSession';
import { ConversationActions, confirmStopModal } from './vscode/conversations/conversationActions';
import { conversationCommands } from './vscode/conversations/conversationCommands';
import { ConversationFlows } from './vscode/conversations/conversationFlows';
import type { ConversationLinks } from './vscode/conversations/conversationLinks';
import { ConversationSender } from './vscode/conversations/conversationSender';
import type { ConversationStore } from './vscode/conversations/conversationStore';
import { ConversationTargets } from './vscode/conversations/conversationTarget';
import type { ConversationWatch } from './vscode/conversations/conversationWatch';
import type { ConversationsTreeProvider } from './vscode/conversations/conversationsTreeProvider';
import { askFollowUp, askMessage } from './vscode/conversations/messageInput';
import { transcriptFeature } from './vscode/transcript/transcriptFeature';
import { systemClock } from './core/conversations/refreshSchedule';
import { TranscriptFollower } from './core/transcript/follow';
import { buildTranscript } from './core/transcript/build';
import { transcriptMarkdown } from './core/transcript/export';
import { GitPusher } from './vscode/git/gitPush';
import { GitRepositories } from './vscode/git/gitRepositories';
import type { CommandHandlers } from './vscode/platform/commands';
import { Chat } from './vscode/platform/ids';
import type { ErrorPresenter } from './vscode/platform/errorPresenter';
import type { Logger } from './vscode/platform/log';
import { inputBoxPrompter } from './vscode/platform/prompter';
import type { SettingsController } from './vscode/settings/settingsController';
import { settingsCommands } from './vscode/settings/settingsCommands';
import { ProviderTokenSetup } from './vscode/settings/providerTokenSetup';
import type { SettingsDocumentProvider } from './vscode/settings/settingsDocumentProvider';
import type { SettingsTreeProvider } from './vscode/settings/settingsTreeProvider';
import type { FirstRunWalkthrough } from './vscode/walkthrough/firstRunWalkthrough';

/** What activate() built: the services the views and status bars run on, shared with the commands. */
export interface Activated {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly keys: ApiKeyStore;
  readonly session: ServerSession;
  readonly errors: ErrorPresenter;
  readonly settings: SettingsController;
  readonly documents: SettingsDocumentProvider;
  readonly settingsTree: SettingsTreeProvider;
  readonly conversations: ConversationStore;
  readonly links: ConversationLinks;
  readonly watch: ConversationWatch;
  readonly conversationsTree: ConversationsTreeProvider;
  readonly walkthrough: FirstRunWalkthrough;
  readonly changes: ChangesStore;
}

export interface OnDemand {
  readonly handlers: CommandHandlers;
  /** The @openhands participant's handler and the language-model tools. */
  readonly chat: ChatServices;
  /** "Use <new URL>" after a redirect to another origin (the error presenter's action). */
  useMovedServer(error: RedirectError): Promise<boolean>;
  /** A transcript tab VS Code restored after a reload, with the state its page saved. */
  restoreTranscript(panel: vscode.WebviewPanel, state: unknown): void;
  /** The test-mode API (ExtensionMode.Test only). */
  testingApi(activationMs: number): TestingApi;
}

export function onDemand(activated: Activated): OnDemand {
  const { context, logger, keys, session, errors, settings, documents, conversations, links, watch } = activated;
  const git = new GitRepositories();
  const connection = new ConnectionCommands(session, keys, logger);
  const targets = new ConversationTargets(git, settings, context.globalState, logger);
  const actions = new ConversationActions(session, watch, errors, logger, confirmStopModal, askFollowUp);
  const tokens = new ProviderTokenSetup(session, settings, inputBoxPrompter, errors, logger);
  const sender = new ConversationSender(session, conversations, links, errors, logger, new GitPusher(git, logger), tokens);
  const merges = new MergeInputs();
  context.subscriptions.push(merges);
  const applier = new ChangesApplier(session, conversations, git, new ApplySnapshots(context.globalStorageUri), merges, errors, logger, chooseOwnInQuickPick);
  const changeContents = new ChangeContentProvider(activated.changes);
  context.subscriptions.push(changeContents, new ChangeDecorations(activated.changes));
  const changes = new ChangesController(activated.changes, changeContents, session, watch, errors, logger);
  const chat: ChatServices = {
    handle: chatHandler(new ChatTasks(session, targets, sender, errors), new ChatCommands(session, actions, errors)),
    tools: { [Chat.DelegateTool]: new DelegateTool(session, targets, sender, links), [Chat.ReadTool]: new ReadTool(session) },
  };
  const transcripts = transcriptFeature({
    context, session, watch, errors, logger, actions,
    follow: (sources, onUpdate) => new TranscriptFollower(sources, systemClock, onUpdate), toMarkdown: (title, events) => transcriptMarkdown(buildTranscript(events).items, title),
  });
  return {
    handlers: {
      ...connection.handlers(),
      ...settingsCommands(settings, documents, inputBoxPrompter, tokens),
      ...conversationCommands(new ConversationFlows(targets, sender, askMessage), links, actions, watch),
      ...transcripts.handlers,
      ...activated.walkthrough.handlers(),
      ...applyCommands(applier, watch, conversations, session, () => activated.changes.shown?.conversation.id),
      ...changesCommands(changes, activated.changes),
    },
    chat,
    useMovedServer: (error) => useMovedServer(error, session, keys, logger),
    restoreTranscript: transcripts.restore,
    testingApi: (activationMs) => createTestingApi({ ...activated, activationMs, connection, targets, sender, chat }),
  };
}
