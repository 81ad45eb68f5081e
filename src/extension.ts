// The composition root: builds the services, wires them together and hands every registration to VS Code
// for disposal. No logic lives here.
import * as vscode from 'vscode';
import { ApiKeyStore } from './vscode/connection/apiKeyStore';
import { apiKeyCommands } from './vscode/connection/connectionCommands';
import { registerCommands } from './vscode/platform/commands';
import { ServerConnection } from './vscode/connection/serverSession';
import { conversationCommands } from './vscode/conversations/conversationCommands';
import { ConversationStore } from './vscode/conversations/conversationStore';
import { ConversationTargets } from './vscode/conversations/conversationTarget';
import { ConversationsTreeProvider } from './vscode/conversations/conversationsTreeProvider';
import { ErrorPresenter } from './vscode/platform/errorPresenter';
import { GitRepositories } from './vscode/git/gitRepositories';
import { Logger } from './vscode/platform/log';
import { SettingsController } from './vscode/settings/settingsController';
import { settingsCommands } from './vscode/settings/settingsCommands';
import { SettingsDocumentProvider } from './vscode/settings/settingsDocumentProvider';
import { SettingsTreeProvider } from './vscode/settings/settingsTreeProvider';
import { useMovedServer } from './vscode/connection/serverMoved';
import { ConnectionStatusBar } from './vscode/connection/statusBar';

export interface TestingApi {
  /** How long activate() took, in ms: the work done on the extension host's start path. */
  readonly activationMs: number;
  getStoredApiKey(serverUrl: string): Promise<string | undefined>;
  readonly settings: SettingsController;
  /** The Settings view's data provider: the nodes and tree items VS Code renders. */
  readonly settingsTree: SettingsTreeProvider;
  readonly targets: ConversationTargets;
}

export function activate(context: vscode.ExtensionContext): { testing?: TestingApi } {
  const started = performance.now();
  const logger = new Logger();
  const keys = new ApiKeyStore(context.secrets, logger.redactor);
  const connection = new ServerConnection(keys, logger);
  const errors = new ErrorPresenter(logger, (moved) => useMovedServer(moved, keys, logger));
  const settings = new SettingsController(connection, errors, logger);
  const documents = new SettingsDocumentProvider(settings);
  const conversations = new ConversationStore(context.globalState);
  const targets = new ConversationTargets(new GitRepositories(), settings, context.globalState, logger);
  const settingsTree = new SettingsTreeProvider(settings);
  context.subscriptions.push(
    logger, keys, connection, settings, documents, conversations,
    new ConversationsTreeProvider(conversations, connection),
    settingsTree,
    new ConnectionStatusBar(settings, () => (connection.url.ok ? connection.url.url : '')),
    ...registerCommands({
      ...apiKeyCommands(connection, keys, logger),
      ...settingsCommands(settings, connection, documents),
      ...conversationCommands(connection, targets, conversations, errors, logger),
    }),
  );
  void settings.refresh();
  const activationMs = performance.now() - started;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  // Only a test run may look into the secret storage and the panel's state from outside.
  return context.extensionMode === vscode.ExtensionMode.Test
    ? { testing: { activationMs, getStoredApiKey: (url) => keys.get(url), settings, settingsTree, targets } }
    : {};
}

export function deactivate(): void {}
