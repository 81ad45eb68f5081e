// The one owner of "which server, and how are we doing with it": the URL from the settings, its key from the
// key store, what API the server speaks (found once per connection, again on Retry or a change) and a client
// for it, and the connection state that drives the status bar, the welcome views (through a context key) and
// the panels. Fires when the server changes, so views reload.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { Credential } from '../../api/http/credential';
import { connectClient } from '../../api/createClient';
import type { ConnectionState } from '../../core/connection/connectionState';
import { describeServerApi } from '../../core/connection/serverApi';
import type { ServerUrlResult } from '../../core/connection/serverUrl';
import { affectsSetting, configuration, updateUserSetting } from '../platform/configuration';
import { Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';
import type { ApiKeyStore } from './apiKeyStore';

/** The configured server, connected: its URL and a client for the API it speaks. */
export interface Server {
  readonly url: string;
  readonly client: OpenHandsClient;
}

interface Current {
  readonly url: ServerUrlResult;
  readonly stop: AbortController;
  connecting?: Promise<Server>;
}

export class ServerSession extends Disposable {
  private readonly serverChanged = this.register(new vscode.EventEmitter<void>());
  /** Fires when the server URL, the request timeout or the current server's key changes. */
  readonly onDidChangeServer = this.serverChanged.event;
  private readonly stateChanged = this.register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChangeState = this.stateChanged.event;
  /** The configured server; `stop` cancels every request made for it when the person moves to another. */
  private current: Current | undefined;
  private connected: Server | undefined;
  private connection: ConnectionState = 'loading';
  /** Aborted when the server or its key changes: what was asked of the server before is then superseded. */
  private generation = new AbortController();

  constructor(private readonly keys: ApiKeyStore, private readonly logger: Logger) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration((e) => {
      // A URL switchTo already took is no change any more; a new timeout keeps the URL the session uses.
      if (affectsSetting(e, 'serverUrl') && !this.isCurrent(configuration.serverUrl())) this.changeServer(true);
      else if (affectsSetting(e, 'requestTimeoutSeconds')) this.changeServer(true, this.serverUrl);
    }));
    this.register(keys.onDidChange((changedUrl) => {
      if (this.serverUrl === changedUrl) this.changeServer(false);
    }));
    this.register({ dispose: () => this.current?.stop.abort() });
  }

  /** The configured URL, or why it is not usable. */
  get url(): ServerUrlResult { return this.resolve().url; }
  get serverUrl(): string | undefined { const url = this.url; return url.ok ? url.url : undefined; }
  /** The server as last connected, if it has been. */
  get server(): Server | undefined { return this.connected; }
  get state(): ConnectionState { return this.connection; }
  /**
   * Aborted as soon as the server URL, the request timeout or the current server's key changes: a load started
   * before (a keyless one of a new URL, say) is cancelled and must not decide the state, the newer one does.
   */
  get superseded(): AbortSignal { return this.generation.signal; }
  /** Whether the connected server serves its web UI, so its pages open in a browser; false until known. */
  get webUi(): boolean { return this.connected?.client.api.webUi === true; }
  /** What the connected server speaks, in words, once known. */
  get apiDescription(): string | undefined { return this.connected && describeServerApi(this.connected.client.api); }

  /**
   * The server, connected: what it speaks is asked once per connection and again when `again` (Retry).
   * Undefined when the URL is not usable; a failure to reach or read the server rejects, and is asked again.
   */
  connect(again = false): Promise<Server | undefined> {
    const current = this.resolve();
    if (!current.url.ok) return Promise.resolve(undefined);
    if (again || !current.connecting) {
      const connecting = this.detect(current.url.url);
      current.connecting = connecting;
      connecting.catch(() => { if (current.connecting === connecting) current.connecting = undefined; });
    }
    return current.connecting;
  }

  /**
   * Switches to `url` (normalized) as the person chose it: uses the URL at once, then writes the setting. The
   * write takes a while (code-server writes the remote settings file) and its change event can come later still;
   * a command run in between (Set API Key right after Change Server URL) must already see the new URL, or it
   * stores the key for the old one. A write that fails puts the configured URL back.
   */
  async switchTo(url: string): Promise<void> {
    if (this.serverUrl !== url) {
      this.logger.info(`Server: ${url}`);
      this.changeServer(true, url);
    }
    try {
      await updateUserSetting('serverUrl', url);
    } catch (error) {
      this.changeServer(true);
      throw error;
    }
  }

  async credential(): Promise<Credential | undefined> {
    const url = this.serverUrl;
    return url ? this.keys.get(url) : undefined;
  }

  /** Records where the extension stands with the server, for the status bar and the welcome views. */
  setState(state: ConnectionState): void {
    this.connection = state;
    void vscode.commands.executeCommand('setContext', Context.ConnectionState, state);
    this.stateChanged.fire(state);
  }

  /** `chosen`: the URL the person switched to, used before the configuration says so. */
  private changeServer(urlChanged: boolean, chosen?: string): void {
    this.generation.abort();
    this.generation = new AbortController();
    if (urlChanged) {
      // Requests still on their way to the old server are cancelled: their answers would belong to no view.
      this.current?.stop.abort();
      this.current = chosen === undefined ? undefined : { url: { ok: true, url: chosen }, stop: new AbortController() };
    } else if (this.current) this.current.connecting = undefined;
    this.setConnected(undefined);
    this.serverChanged.fire();
  }

  private isCurrent(url: ServerUrlResult): boolean {
    return url.ok && this.current?.url.ok === true && this.current.url.url === url.url;
  }

  private resolve(): Current {
    if (!this.current) {
      const url = configuration.serverUrl();
      this.current = { url, stop: new AbortController() };
      this.logger.info(url.ok ? `Server: ${url.url}` : `Server URL not usable: ${url.problem}`);
    }
    return this.current;
  }

  private async detect(url: string): Promise<Server> {
    const client = await this.clientFor(url, this.resolve().stop.signal);
    this.logger.info(`${url} speaks ${describeServerApi(client.api)}`);
    if (this.current?.url.ok && this.current.url.url === url) this.setConnected({ url, client });
    return { url, client };
  }

  /** Also tells the walkthrough's first step whether the server answered as an OpenHands it knows, and the menus
   *  whether it has pages to open. */
  private setConnected(server: Server | undefined): void {
    this.connected = server;
    void vscode.commands.executeCommand('setContext', Context.ServerApi, server ? describeServerApi(server.client.api) : '');
    void vscode.commands.executeCommand('setContext', Context.WebUi, this.webUi);
  }

  private clientFor(baseUrl: string, signal: AbortSignal): Promise<OpenHandsClient> {
    return connectClient({
      signal,
      baseUrl,
      // VS Code patches the global fetch with the person's proxy and certificate settings.
      fetch: (input, init) => globalThis.fetch(input, init),
      getCredential: () => this.keys.get(baseUrl),
      timeoutMs: configuration.requestTimeoutMs(),
      logger: this.logger,
    });
  }
}
