// The connection's commands: the key (Set / Clear API Key), the server URL (Change Server URL), the status
// bar's menu, the log, and the server's own settings page.
import * as vscode from 'vscode';
import type { Credential, CredentialKind } from '../../api/http/credential';
import { KEY_KINDS, keyPrompt } from '../../core/connection/storedCredential';
import { normalizeServerUrl, sendsKeyInClear } from '../../core/connection/serverUrl';
import { SETTING_DEFAULTS } from '../../core/platform/settingKeys';
import type { CommandHandler } from '../platform/commands';
import { openSetting } from '../platform/configuration';
import { Command, type CommandId } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { ApiKeyStore } from './apiKeyStore';
import type { ServerSession } from './serverSession';
import { serverItems, switchServer, useServer } from './serverSwitch';

const SET_API_KEY_TITLE = 'OpenHands: Set API Key';

export class ConnectionCommands {
  constructor(private readonly session: ServerSession, private readonly keys: ApiKeyStore, private readonly logger: Logger) {}

  handlers() {
    return {
      [Command.SetApiKey]: () => this.setApiKey(),
      [Command.ClearApiKey]: () => this.clearApiKey(),
      [Command.ShowLog]: () => this.logger.show(),
      [Command.ChangeServerUrl]: () => this.changeServerUrl(),
      [Command.ShowConnectionMenu]: () => this.showMenu(),
      [Command.OpenServerSettings]: () => this.openServerSettings(),
      [Command.SwitchServer]: () => switchServer(this.session, this.logger),
    } satisfies Record<string, CommandHandler>;
  }

  /** Asks which kind of key it is, then the key, and stores both; resolves to whether a key was stored. */
  async setApiKey(): Promise<boolean> {
    const url = await this.usableUrl();
    if (!url) return false;
    const kind = await askKeyKind(url);
    if (!kind) return false;
    const key = (await vscode.window.showInputBox({
      title: SET_API_KEY_TITLE,
      prompt: keyPrompt(kind, url),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : 'Enter the key, or press Escape to cancel.'),
    }))?.trim();
    return key ? this.storeKey(url, { kind, key }) : false;
  }

  /** Stores a key for `url` after the plain-http question; offers this window only when the keyring fails. */
  async storeKey(url: string, credential: Credential): Promise<boolean> {
    if (!(await consentToPlainHttp(url))) return false;
    try {
      await this.keys.set(url, credential);
      const kind = credential.kind === 'cloud' ? ' (an OpenHands Cloud key, sent as a Bearer token)' : '';
      this.logger.info(`API key saved for ${url}${kind}`);
      void vscode.window.showInformationMessage(`OpenHands API key saved for ${url}${kind}.`);
      return true;
    } catch (error) {
      this.logger.warn(`Secret storage refused the key for ${url}`, error);
      const keep = 'Keep for This Window';
      const choice = await vscode.window.showWarningMessage(
        `VS Code could not store the key in its secret storage (${error instanceof Error ? error.message : String(error)}). ` +
        'On Linux this usually means no keyring is running. Keep the key for this window only?', keep);
      if (choice !== keep) return false;
      this.keys.keepForSession(url, credential);
      return true;
    }
  }

  private async clearApiKey(): Promise<void> {
    const url = await this.usableUrl();
    if (!url) return;
    await this.keys.delete(url);
    this.logger.info(`API key cleared for ${url}`);
    void vscode.window.showInformationMessage(`OpenHands API key cleared for ${url}.`);
  }

  private async changeServerUrl(): Promise<boolean> {
    const typed = await vscode.window.showInputBox({
      title: 'OpenHands: Change Server URL',
      prompt: 'The base URL of the OpenHands server, without /api. Each server keeps its own API key.',
      value: this.session.serverUrl ?? SETTING_DEFAULTS.serverUrl,
      ignoreFocusOut: true,
      validateInput: (v) => { const r = normalizeServerUrl(v); return r.ok ? undefined : r.problem; },
    });
    return typed === undefined ? false : this.switchServer(typed);
  }

  /** Switches to the typed URL once normalized; resolves to whether it was usable. */
  async switchServer(typed: string): Promise<boolean> {
    const normalized = normalizeServerUrl(typed);
    if (!normalized.ok) return false;
    await this.session.switchTo(normalized.url);
    return true;
  }

  /** The actions, then the listed servers: switching is one pick from the status bar. */
  private async showMenu(): Promise<void> {
    const current = this.session.serverUrl;
    const actions: (vscode.QuickPickItem & { command: CommandId })[] = [
      { label: '$(refresh) Retry', command: Command.RefreshSettings },
      { label: '$(key) Set API Key', command: Command.SetApiKey },
      { label: '$(link) Change Server URL', command: Command.ChangeServerUrl },
      { label: '$(output) Show Log', command: Command.ShowLog },
    ];
    const servers = serverItems(current, this.logger);
    const items: (vscode.QuickPickItem & { command?: CommandId; serverUrl?: string })[] = servers.length > 1
      ? [...actions, { label: 'Switch Server', kind: vscode.QuickPickItemKind.Separator }, ...servers]
      : actions;
    const picked = await vscode.window.showQuickPick(items, { title: `OpenHands: ${current ?? 'server URL not usable'}` });
    if (picked?.command) await vscode.commands.executeCommand(picked.command);
    else if (picked?.serverUrl) await useServer(picked.serverUrl, this.session, this.logger);
  }

  private async openServerSettings(): Promise<boolean> {
    const url = this.session.serverUrl;
    return url ? vscode.env.openExternal(vscode.Uri.parse(`${url}/settings/integrations`)) : false;
  }

  /** The configured server URL, or undefined after telling the person what is wrong with it. */
  private async usableUrl(): Promise<string | undefined> {
    const url = this.session.url;
    if (url.ok) return url.url;
    const choice = await vscode.window.showErrorMessage(`The OpenHands server URL is not usable: ${url.problem}`, 'Open Settings');
    if (choice) await openSetting('serverUrl');
    return undefined;
  }
}

/** One step: which header the key goes in. The session key comes first, so Enter keeps what Set API Key always did. */
async function askKeyKind(url: string): Promise<CredentialKind | undefined> {
  const picked = await vscode.window.showQuickPick(KEY_KINDS.map((choice) => ({ ...choice })), {
    title: SET_API_KEY_TITLE,
    placeHolder: `Which kind of key is it for ${url}?`,
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  return picked?.keyKind;
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
