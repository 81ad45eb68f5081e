// The composition root: builds the services, wires them together and hands every registration to VS Code
// for disposal. No logic lives here.
import * as vscode from 'vscode';
import { useTranslator } from './api/l10n';
import { ApiKeyStore } from './vscode/connection/apiKeyStore';
import { ConnectionCommands } from './vscode/connection/connectionCommands';
import { useMovedServer } from './vscode/connection/serverMoved';
import { ServerSession } from './vscode/connection/serverSession';
import { ConnectionStatusBar } from './vscode/connection/statusBar';
import { ConversationActions, confirmStopModal } from './vscode/conversations/conversationActions';
import { conversationCommands } from './vscode/conversations/conversationCommands';
import { ConversationFlows } from './vscode/conversations/conversationFlows';
import { ConversationLinks } from './vscode/conversations/conversationLinks';
import { ConversationSender } from './vscode/conversations/conversationSender';
import { ConversationStore } from './vscode/conversations/conversationStore';
import { ConversationTargets } from './vscode/conversations/conversationTarget';
import { ConversationWatch } from './vscode/conversations/conversationWatch';
import { ConversationsTreeProvider } from './vscode/conversations/conversationsTreeProvider';
import { askFollowUp, askMessage } from './vscode/conversations/messageInput';
import { RunningStatusBar } from './vscode/conversations/runningStatusBar';
import { StopNotifier } from './vscode/conversations/stopNotifier';
import { GitPusher } from './vscode/git/gitPush';
import { GitRepositories } from './vscode/git/gitRepositories';
import { registerCommands } from './vscode/platform/commands';
import { ErrorPresenter } from './vscode/platform/errorPresenter';
import { Logger } from './vscode/platform/log';
import { inputBoxPrompter } from './vscode/platform/prompter';
import { createTestingApi, type TestingApi } from './vscode/platform/testingApi';
import { SettingsController } from './vscode/settings/settingsController';
import { settingsCommands } from './vscode/settings/settingsCommands';
import { ProviderTokenSetup } from './vscode/settings/providerTokenSetup';
import { SettingsDocumentProvider } from './vscode/settings/settingsDocumentProvider';
import { SettingsTreeProvider } from './vscode/settings/settingsTreeProvider';
import { FirstRunWalkthrough } from './vscode/walkthrough/firstRunWalkthrough';

export type { TestingApi } from './vscode/platform/testingApi';

export function activate(context: vscode.ExtensionContext): { testing?: TestingApi } {
  // First: src/api and src/core make their text through the port, in VS Code's language from now on.
  useTranslator((message, ...args) => vscode.l10n.t(message, ...args));
  const started = performance.now();
  const logger = new Logger();
  const keys = new ApiKeyStore(context.secrets, logger.redactor);
  const session = new ServerSession(keys, logger);
  const errors = new ErrorPresenter(logger, (moved) => useMovedServer(moved, session, keys, logger));
  const connection = new ConnectionCommands(session, keys, logger);
  const settings = new SettingsController(session, errors, logger);
  const documents = new SettingsDocumentProvider(settings);
  const conversations = new ConversationStore(context.globalState);
  const git = new GitRepositories();
  const targets = new ConversationTargets(git, settings, context.globalState, logger);
  const links = new ConversationLinks(session);
  const watch = new ConversationWatch(session, conversations);
  const actions = new ConversationActions(session, watch, errors, logger, confirmStopModal, askFollowUp);
  const conversationsTree = new ConversationsTreeProvider(watch, session);
  const tokens = new ProviderTokenSetup(session, settings, inputBoxPrompter, errors, logger);
  const sender = new ConversationSender(session, conversations, links, errors, logger, new GitPusher(git, logger), tokens);
  const settingsTree = new SettingsTreeProvider(settings, session);
  const walkthrough = new FirstRunWalkthrough(context.extension.id, context.globalState, session, conversations, logger);
  context.subscriptions.push(
    logger, keys, session, settings, documents, conversations, settingsTree, walkthrough,
    new ConnectionStatusBar(session),
    watch, conversationsTree, new StopNotifier(watch, links, logger), new RunningStatusBar(watch),
    ...registerCommands({
      ...connection.handlers(),
      ...settingsCommands(settings, documents, inputBoxPrompter, tokens),
      ...conversationCommands(new ConversationFlows(targets, sender, askMessage), links, actions, watch),
      ...walkthrough.handlers(),
    }),
  );
  void settings.refresh();
  void walkthrough.openOnFirstRun();
  const activationMs = performance.now() - started;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  // Only a test run may look into the secret storage and the panels' state, or act without the UI.
  return context.extensionMode === vscode.ExtensionMode.Test
    ? { testing: createTestingApi({ activationMs, keys, session, connection, settings, settingsTree, targets, sender, watch, conversationsTree, errors, logger }) }
    : {};
}

export function deactivate(): void {}
