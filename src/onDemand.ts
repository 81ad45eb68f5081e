// The composition root of what runs only when a person acts: the commands' handlers and the services only
// commands use (wizards, field and MCP editors, the message composition and sending, git push, the server
// switches). The build emits it as its own file, dist/onDemand.js, which extension.ts loads once, on the first
// command; the start-up bundle holds only what the views and status bars need to show the state. A new command
// is built here, and what only it uses stays out of the start-up bundle by itself (CONTRIBUTING.md, "The package").
// The commands that read or take the agent's work (transcript, changes, apply) and chat are built on these
// services by src/agentWork.ts, a file of its own again.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { SENT_BASES_FOLDER } from './core/check/sentBases';
import type { RedirectError } from './api/http/transportErrors';
import { createTestingApi, type ActivationTime, type TestingApi } from './testingApi';
import type { ChatServices } from './vscode/chat/chatRegistration';
import type { ApiKeyStore } from './vscode/connection/apiKeyStore';
import type { ChangesStore } from './vscode/changes/changesStore';
import type { CheckMarks } from './vscode/check/checkMarks';
import { ConnectionCommands } from './vscode/connection/connectionCommands';
import { useMovedServer } from './vscode/connection/serverMoved';
import type { ServerSession } from './vscode/connection/serverSession';
import { ConversationActions, confirmStopModal } from './vscode/conversations/conversationActions';
import { conversationAdminCommands } from './vscode/conversations/conversationAdminCommands';
import { conversationCommands } from './vscode/conversations/conversationCommands';
import type { ConversationFinder } from './vscode/conversations/conversationFinder';
import { ConversationFlows } from './vscode/conversations/conversationFlows';
import type { ConversationLinks } from './vscode/conversations/conversationLinks';
import { ConversationSender } from './vscode/conversations/conversationSender';
import type { ConversationStore } from './vscode/conversations/conversationStore';
import { ConversationTargets } from './vscode/conversations/conversationTarget';
import type { ConversationWatch } from './vscode/conversations/conversationWatch';
import type { ConversationsTreeProvider } from './vscode/conversations/conversationsTreeProvider';
import { askFollowUp, askMessage } from './vscode/conversations/messageInput';
import { GitPusher } from './vscode/git/gitPush';
import { FolderHandOver } from './vscode/handover/folderHandOver';
import { GitRepositories } from './vscode/git/gitRepositories';
import type { OnDemandHandlers } from './vscode/platform/commands';
import { presentingFailures } from './vscode/platform/presentedFailures';
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
  readonly finder: ConversationFinder;
  readonly conversationsTree: ConversationsTreeProvider;
  readonly walkthrough: FirstRunWalkthrough;
  readonly changes: ChangesStore;
  /** Each conversation's last check in this window: on its row and Apply's message. */
  readonly checkMarks: CheckMarks;
}

/** The commands' services that the agent's work (src/agentWork.ts) is built on. */
export interface CommandParts {
  readonly git: GitRepositories;
  readonly targets: ConversationTargets;
  readonly sender: ConversationSender;
  readonly actions: ConversationActions;
}

export interface OnDemand {
  readonly handlers: OnDemandHandlers;
  readonly parts: CommandParts;
  /** "Use <new URL>" after a redirect to another origin (the error presenter's action). */
  useMovedServer(error: RedirectError): Promise<boolean>;
  /** The test-mode API (ExtensionMode.Test only), with the tools of the agent's work. */
  testingApi(activation: ActivationTime, chat: ChatServices): TestingApi;
}

export function onDemand(activated: Activated): OnDemand {
  const { context, logger, keys, session, errors, settings, documents, conversations, links, watch } = activated;
  const git = new GitRepositories();
  const connection = new ConnectionCommands(session, keys, logger);
  const targets = new ConversationTargets(git, settings, context.globalState, logger);
  const actions = new ConversationActions(session, watch, errors, logger, confirmStopModal, askFollowUp);
  const tokens = new ProviderTokenSetup(session, settings, inputBoxPrompter, errors, logger);
  const folders = new FolderHandOver(session, git, logger, join(context.globalStorageUri.fsPath, SENT_BASES_FOLDER));
  const sender = new ConversationSender(session, conversations, links, errors, logger, new GitPusher(git, logger), tokens, folders);
  return {
    handlers: presentingFailures({
      ...connection.handlers(),
      ...settingsCommands(settings, session, documents, inputBoxPrompter, tokens, activated.settingsTree),
      ...conversationCommands(new ConversationFlows(targets, sender, askMessage), links, actions, watch),
      ...conversationAdminCommands({ session, watch, finder: activated.finder, changes: activated.changes, actions, errors, tree: activated.conversationsTree }),
      ...activated.walkthrough.handlers(),
    }, errors),
    parts: { git, targets, sender, actions },
    useMovedServer: (error) => useMovedServer(error, session, keys, logger),
    testingApi: (activation, chat) => createTestingApi({ ...activated, activation, connection, targets, sender, chat }),
  };
}
