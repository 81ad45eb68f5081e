// Set API Key / Clear API Key: the session API key of the configured server, in the secret storage only.
import * as vscode from 'vscode';
import { sendsKeyInClear } from '../../core/connection/serverUrl';
import type { ApiKeyStore } from './apiKeyStore';
import type { CommandHandler } from '../platform/commands';
import { Setting, openSetting } from '../platform/configuration';
import type { ServerConnection } from './serverSession';
import { Command } from '../platform/ids';
import type { Logger } from '../platform/log';

export function apiKeyCommands(connection: ServerConnection, keys: ApiKeyStore, logger: Logger) {
  /** The configured server URL, or undefined after telling the person what is wrong with it. */
  async function usableUrl(): Promise<string | undefined> {
    const url = connection.url;
    if (url.ok) return url.url;
    const choice = await vscode.window.showErrorMessage(`The OpenHands server URL is not usable: ${url.problem}`, 'Open Settings');
    if (choice) await openSetting(Setting.ServerUrl);
    return undefined;
  }

  const setApiKey = async (given?: unknown): Promise<boolean> => {
    const url = await usableUrl();
    if (!url) return false;
    const key = typeof given === 'string' ? given.trim() : (await vscode.window.showInputBox({
      title: 'OpenHands: Set API Key',
      prompt: `Session API key for ${url} (the server's SESSION_API_KEY). It is kept in VS Code's secret storage.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : 'Enter the key, or press Escape to cancel.'),
    }))?.trim();
    if (!key || !(await consentToPlainHttp(url))) return false;
    try {
      await keys.set(url, key);
      logger.info(`API key saved for ${url}`);
      void vscode.window.showInformationMessage(`OpenHands API key saved for ${url}.`);
    } catch (error) {
      logger.warn(`Secret storage refused the key for ${url}`, error);
      const keep = 'Keep for This Window';
      const choice = await vscode.window.showWarningMessage(
        `VS Code could not store the key in its secret storage (${error instanceof Error ? error.message : String(error)}). ` +
        'On Linux this usually means no keyring is running. Keep the key for this window only?', keep);
      if (choice !== keep) return false;
      keys.keepForSession(url, key);
    }
    return true;
  };

  const clearApiKey = async (): Promise<void> => {
    const url = await usableUrl();
    if (!url) return;
    await keys.delete(url);
    logger.info(`API key cleared for ${url}`);
    void vscode.window.showInformationMessage(`OpenHands API key cleared for ${url}.`);
  };

  return {
    [Command.SetApiKey]: setApiKey,
    [Command.ClearApiKey]: clearApiKey,
    [Command.ShowLog]: () => logger.show(),
  } satisfies Record<string, CommandHandler>;
}

/** Plain http to another machine shows the key to anyone on the way; the person decides, once, knowingly. */
async function consentToPlainHttp(url: string): Promise<boolean> {
  if (!sendsKeyInClear(url)) return true;
  const store = 'Store and Send over HTTP';
  const choice = await vscode.window.showWarningMessage(
    `${url} is not encrypted (http) and not on this machine.`,
    { modal: true, detail: 'The key would cross the network in clear text with every request. Use an https URL if the server has one.' },
    store);
  return choice === store;
}
