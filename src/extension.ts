// The composition root: builds the services, wires them together and hands every registration to VS Code
// for disposal. No logic lives here.
import * as vscode from 'vscode';
import { ApiKeyStore } from './vscode/apiKeyStore';
import { apiKeyCommands } from './vscode/apiKeyCommands';
import { registerCommands } from './vscode/commands';
import { ServerConnection } from './vscode/connection';
import { ErrorPresenter } from './vscode/errorPresenter';
import { Logger } from './vscode/log';
import { SettingsController } from './vscode/settings/settingsController';
import { settingsCommands } from './vscode/settings/settingsCommands';
import { SettingsDocumentProvider } from './vscode/settings/settingsDocumentProvider';
import { SettingsTreeProvider } from './vscode/settings/settingsTreeProvider';
import { ConnectionStatusBar } from './vscode/statusBar';

export interface TestingApi {
  getStoredApiKey(serverUrl: string): Promise<string | undefined>;
  readonly settings: SettingsController;
}

export function activate(context: vscode.ExtensionContext): { testing?: TestingApi } {
  const logger = new Logger();
  const errors = new ErrorPresenter(logger);
  const keys = new ApiKeyStore(context.secrets, logger.redactor);
  const connection = new ServerConnection(keys, logger);
  const settings = new SettingsController(connection, errors, logger);
  const documents = new SettingsDocumentProvider(settings);
  context.subscriptions.push(
    logger, keys, connection, settings, documents,
    new SettingsTreeProvider(settings),
    new ConnectionStatusBar(settings, () => (connection.url.ok ? connection.url.url : '')),
    ...registerCommands({
      ...apiKeyCommands(connection, keys, logger),
      ...settingsCommands(settings, connection, documents),
    }),
  );
  void settings.refresh();
  // Only a test run may look into the secret storage and the panel's state from outside.
  return context.extensionMode === vscode.ExtensionMode.Test
    ? { testing: { getStoredApiKey: (url) => keys.get(url), settings } }
    : {};
}

export function deactivate(): void {}
