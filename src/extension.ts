// The composition root: builds the services, wires them together and hands every registration to VS Code
// for disposal. No logic lives here.
import * as vscode from 'vscode';
import { ApiKeyStore } from './vscode/apiKeyStore';
import { apiKeyCommands } from './vscode/apiKeyCommands';
import { registerCommands } from './vscode/commands';
import { ServerConnection } from './vscode/connection';
import { Logger } from './vscode/log';

export interface TestingApi {
  getStoredApiKey(serverUrl: string): Promise<string | undefined>;
}

export function activate(context: vscode.ExtensionContext): { testing?: TestingApi } {
  const logger = new Logger();
  const keys = new ApiKeyStore(context.secrets, logger.redactor);
  const connection = new ServerConnection(keys, logger);
  context.subscriptions.push(logger, keys, connection);
  context.subscriptions.push(...registerCommands({
    ...apiKeyCommands(connection, keys, logger),
  }));
  // Only a test run may look into the secret storage from outside.
  return context.extensionMode === vscode.ExtensionMode.Test
    ? { testing: { getStoredApiKey: (url) => keys.get(url) } }
    : {};
}

export function deactivate(): void {}
