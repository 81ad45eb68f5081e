// The connection's commands: the key (Set / Clear API Key), the server URL (Change Server URL), the status
// bar's menu, the log, and the server's own settings page.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { connectClient } from '../../api/createClient';
import type { Credential, CredentialKind } from '../../api/http/credential';
import { canvasKeyOffer, keyChoices, readCanvasKey, type KeyChoice } from '../../core/connection/agentCanvasKey';
import { keyPrompt } from '../../core/connection/storedCredential';
import { checkServerAnswers, type UrlCheck } from '../../core/connection/urlCheck';
import { normalizeServerUrl, sendsKeyInClear } from '../../core/connection/serverUrl';
import { SETTING_DEFAULTS } from '../../core/platform/settingKeys';
import type { CommandHandler } from '../platform/commands';
import { configuration, openSetting } from '../platform/configuration';
import { Command, type CommandId } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { ApiKeyStore } from './apiKeyStore';
import { checkStoredKey } from './keyCheck';
import type { ServerSession } from './serverSession';
import { serverItems, switchServer, useServer } from './serverSwitch';

const setApiKeyTitle = () => vscode.l10n.t('OpenHands: Set API Key');

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

  /**
   * Asks which kind of key it is (or Agent Canvas's, on this machine), then the key, and stores both; resolves to
   * whether a key was stored.
   */
  async setApiKey(): Promise<boolean> {
    const url = await this.usableUrl();
    if (!url) return false;
    const canvasFile = await canvasKeyOffer(url, os.homedir());
    const choice = await askKeyChoice(url, canvasFile !== undefined);
    if (!choice) return false;
    if (choice !== 'canvas') return this.typeKey(url, choice);
    return canvasFile ? this.useCanvasKey(url, canvasFile) : false;
  }

  /** Reads Agent Canvas's key file now that the person picked it; a file without a usable key offers to type one. */
  private async useCanvasKey(url: string, file: string): Promise<boolean> {
    const read = await readCanvasKey(file);
    if (read.ok) {
      this.logger.info(`Using Agent Canvas's key from ${file} for ${url}`);
      return this.storeKey(url, { kind: 'session', key: read.key });
    }
    this.logger.warn(`Agent Canvas's key is not usable: ${read.problem}`);
    const type = vscode.l10n.t('Enter the Key');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('OpenHands: Agent Canvas\'s key could not be used. {0}', read.problem), type);
    return choice === type ? this.typeKey(url, 'session') : false;
  }

  private async typeKey(url: string, kind: CredentialKind): Promise<boolean> {
    const key = (await vscode.window.showInputBox({
      title: setApiKeyTitle(),
      prompt: keyPrompt(kind, url),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter the key, or press Escape to cancel.')),
    }))?.trim();
    return key ? this.storeKey(url, { kind, key }) : false;
  }

  /**
   * Stores a key for `url` after the plain-http question (this window only when the keyring fails), then tries it
   * against the server and says whether it took it (keyCheck.ts).
   */
  async storeKey(url: string, credential: Credential): Promise<boolean> {
    if (!(await consentToPlainHttp(url))) return false;
    try {
      await this.keys.set(url, credential);
    } catch (error) {
      this.logger.warn(`Secret storage refused the key for ${url}`, error);
      const keep = vscode.l10n.t('Keep for This Window');
      const choice = await vscode.window.showWarningMessage(vscode.l10n.t(
        'VS Code could not store the key in its secret storage ({0}). On Linux this usually means no keyring is running. Keep the key for this window only?',
        error instanceof Error ? error.message : String(error)), keep);
      if (choice !== keep) return false;
      this.keys.keepForSession(url, credential);
    }
    await checkStoredKey(this.session, this.logger, url, credential.kind);
    return true;
  }

  private async clearApiKey(): Promise<void> {
    const url = await this.usableUrl();
    if (!url) return;
    await this.keys.delete(url);
    this.logger.info(`API key cleared for ${url}`);
    void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands API key cleared for {0}.', url));
  }

  /** Whether `url` may be saved without asking (urlCheck.ts): Change Server URL asks where nothing could connect. */
  private checkAnswers(url: string): Promise<UrlCheck> {
    return checkServerAnswers((timeoutMs) => connectClient({
      baseUrl: url,
      fetch: (input, init) => globalThis.fetch(input, init),
      getCredential: () => this.keys.get(url),
      timeoutMs,
      readRetries: 0,
      runtimeHosts: configuration.runtimeHostsFor(url),
      logger: this.logger,
    }));
  }

  /** Asks for the URL (`value` prefilled), checks that something answers there, then saves it. */
  private async changeServerUrl(value = this.session.serverUrl ?? SETTING_DEFAULTS.serverUrl): Promise<boolean> {
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('OpenHands: Change Server URL'),
      prompt: vscode.l10n.t('The base URL of the OpenHands server, without /api. Each server keeps its own API key.'),
      value,
      ignoreFocusOut: true,
      validateInput: (v) => { const r = normalizeServerUrl(v); return r.ok ? undefined : r.problem; },
    });
    const normalized = typed === undefined ? undefined : normalizeServerUrl(typed);
    if (!typed || !normalized?.ok) return false;
    const check = await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: checking that {0} answers…', normalized.url),
    }, () => this.checkAnswers(normalized.url));
    if (check.answers) return this.switchServer(typed);
    this.logger.warn(`Nothing answers at ${normalized.url}: ${check.reason}`);
    const edit = vscode.l10n.t('Edit the URL');
    const save = vscode.l10n.t('Save Anyway');
    // Edit the URL loses nothing: the address as typed comes back, and the current server URL stays until then.
    const picked = await vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: nothing answers at {0}', normalized.url), {
      modal: true,
      detail: [check.reason, vscode.l10n.t('Save Anyway makes it the server URL all the same: the views say offline until it answers. Edit the URL shows the address again as you typed it; the current server URL stays as it is until you save another.')].join('\n\n'),
    }, edit, save);
    if (picked === edit) return this.changeServerUrl(typed);
    return picked === save ? this.switchServer(typed) : false;
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
      { label: vscode.l10n.t('$(refresh) Retry'), command: Command.RefreshSettings },
      { label: vscode.l10n.t('$(key) Set API Key'), command: Command.SetApiKey },
      { label: vscode.l10n.t('$(link) Change Server URL'), command: Command.ChangeServerUrl },
      { label: vscode.l10n.t('$(output) Show Log'), command: Command.ShowLog },
    ];
    const servers = serverItems(current, this.logger);
    const items: (vscode.QuickPickItem & { command?: CommandId; serverUrl?: string })[] = servers.length > 1
      ? [...actions, { label: vscode.l10n.t('Switch Server'), kind: vscode.QuickPickItemKind.Separator }, ...servers]
      : actions;
    const title = current ? vscode.l10n.t('OpenHands: {0}', current) : vscode.l10n.t('OpenHands: server URL not usable');
    const picked = await vscode.window.showQuickPick(items, { title });
    if (picked?.command) await vscode.commands.executeCommand(picked.command);
    else if (picked?.serverUrl) await useServer(picked.serverUrl, this.session, this.logger);
  }

  /** The server's settings page, where its git tokens are added; a server without its web UI has none. */
  private async openServerSettings(): Promise<boolean> {
    const url = this.session.serverUrl;
    if (!url) return false;
    const server = await this.session.connect().catch(() => undefined);
    if (server && !server.client.api.webUi) {
      void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: {0} serves no web UI (it runs without its frontend), so it has no settings page to open.', url));
      return false;
    }
    return vscode.env.openExternal(vscode.Uri.parse(`${url}/settings/integrations`));
  }

  /** The configured server URL, or undefined after telling the person what is wrong with it. */
  private async usableUrl(): Promise<string | undefined> {
    const url = this.session.url;
    if (url.ok) return url.url;
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t('The OpenHands server URL is not usable: {0}', url.problem), vscode.l10n.t('Open Settings'));
    if (choice) await openSetting('serverUrl');
    return undefined;
  }
}

/**
 * One step: which header the key goes in, or Agent Canvas's key where it is offered. Without Canvas the session key
 * comes first, so Enter keeps what Set API Key always did.
 */
async function askKeyChoice(url: string, canvasOffered: boolean): Promise<KeyChoice | undefined> {
  const picked = await vscode.window.showQuickPick(keyChoices(canvasOffered), {
    title: setApiKeyTitle(),
    placeHolder: vscode.l10n.t('Which kind of key is it for {0}?', url),
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  return picked?.choice;
}

/** Plain http to another machine shows the key to anyone on the way; the person decides, once, knowingly. */
async function consentToPlainHttp(url: string): Promise<boolean> {
  if (!sendsKeyInClear(url)) return true;
  const store = vscode.l10n.t('Store and Send over HTTP');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} is not encrypted (http) and not on this machine.', url),
    { modal: true, detail: vscode.l10n.t('The key would cross the network in clear text with every request. Use an https URL if the server has one.') },
    store);
  return choice === store;
}
