// The one owner of "which server, and how are we doing with it": the URL from the settings, its key from the
// key store, what API the server speaks (found once per connection, again on Retry or a change) and a client
// for it, and the connection state that drives the status bar, the welcome views (through a context key) and
// the panels. Fires when the server changes, so views reload. Every request to the server tells it whether the
// server answered (the transport's `reached`): the first that cannot reach it makes the state offline, the first
// answer after that brings every view back at once (core/connection/reachability.ts).
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { Credential } from '../../api/http/credential';
import { clientOfApi, connectClient, type ClientOptions } from '../../api/createClient';
import type { ConnectionState } from '../../core/connection/connectionState';
import { Reachability } from '../../core/connection/reachability';
import { describeServerApi } from '../../core/connection/serverApi';
import { ServerSessionModel, type Server } from '../../core/connection/serverSessionModel';
import { systemClock } from '../../core/conversations/refreshSchedule';
import type { ServerUrlResult } from '../../core/connection/serverUrl';
import { affectsSetting, configuration, updateUserSetting } from '../platform/configuration';
import { Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';
import type { ApiKeyStore } from './apiKeyStore';

export type { Server } from '../../core/connection/serverSessionModel';

export class ServerSession extends Disposable {
  private readonly serverChanged = this.register(new vscode.EventEmitter<void>());
  /** Fires when the server URL, the request timeout or the current server's key changes. */
  readonly onDidChangeServer = this.serverChanged.event;
  private readonly stateChanged = this.register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChangeState = this.stateChanged.event;
  private readonly reconnected = this.register(new vscode.EventEmitter<void>());
  /**
   * The server answers again after it could not be reached: every view asks it again now (the settings load
   * among them decides the state that follows offline).
   */
  readonly onDidReconnect = this.reconnected.event;
  private readonly model: ServerSessionModel;
  private readonly reachability = new Reachability(systemClock, {
    offline: () => this.setState('offline'),
    back: () => {
      this.logger.info(`${this.serverUrl ?? 'The server'} answers again`);
      this.reconnected.fire();
    },
    probe: () => this.probe(),
  });
  private connection: ConnectionState = 'loading';

  constructor(private readonly keys: ApiKeyStore, private readonly logger: Logger) {
    super();
    this.model = new ServerSessionModel({
      configuredUrl: () => configuration.serverUrl(),
      connectClient: (url, signal) => this.clientFor(url, signal),
      // Also tells the walkthrough's first step whether the server answered as an OpenHands it knows, and the
      // menus whether it has pages to open.
      connectedChanged: (server) => {
        void vscode.commands.executeCommand('setContext', Context.ServerApi, server ? describeServerApi(server.client.api) : '');
        void vscode.commands.executeCommand('setContext', Context.WebUi, server?.client.api.webUi === true);
      },
      logger,
    });
    this.register(vscode.workspace.onDidChangeConfiguration((e) => {
      const change = { serverUrl: affectsSetting(e, 'serverUrl'), clientOptions: affectsSetting(e, 'requestTimeoutSeconds', 'runtimeHosts') };
      if (this.model.configurationChanged(change)) this.serverChanged.fire();
    }));
    this.register(keys.onDidChange((changedUrl) => {
      if (this.model.keyChanged(changedUrl)) this.serverChanged.fire();
    }));
    this.register(this.model);
    this.register(this.reachability);
  }

  /** The configured URL, or why it is not usable. */
  get url(): ServerUrlResult { return this.model.url; }
  get serverUrl(): string | undefined { return this.model.serverUrl; }
  /** The server as last connected, if it has been. */
  get server(): Server | undefined { return this.model.server; }
  get state(): ConnectionState { return this.connection; }
  /** Aborted when the server URL, the request timeout or the current server's key changes (see the model). */
  get superseded(): AbortSignal { return this.model.superseded; }
  /** Whether the connected server serves its web UI, so its pages open in a browser; false until known. */
  get webUi(): boolean { return this.model.server?.client.api.webUi === true; }
  /** What the connected server speaks, in words, once known. */
  get apiDescription(): string | undefined { const server = this.model.server; return server && describeServerApi(server.client.api); }

  /** The server, connected (see ServerSessionModel.connect). */
  connect(again = false): Promise<Server | undefined> {
    return this.model.connect(again);
  }

  /**
   * Switches to `url` (normalized) as the person chose it: uses the URL at once, then writes the setting. The
   * write takes a while (code-server writes the remote settings file) and its change event can come later still;
   * a command run in between (Set API Key right after Change Server URL) must already see the new URL, or it
   * stores the key for the old one. A write that fails puts the configured URL back.
   */
  async switchTo(url: string): Promise<void> {
    if (this.model.switchTo(url)) this.serverChanged.fire();
    try {
      await updateUserSetting('serverUrl', url);
    } catch (error) {
      this.model.switchFailed();
      this.serverChanged.fire();
      throw error;
    }
  }

  async credential(): Promise<Credential | undefined> {
    const url = this.serverUrl;
    return url ? this.keys.get(url) : undefined;
  }

  /** Records where the extension stands with the server, for the status bar and the welcome views. */
  setState(state: ConnectionState): void {
    this.reachability.stateSet(state === 'offline');
    this.connection = state;
    void vscode.commands.executeCommand('setContext', Context.ConnectionState, state);
    this.stateChanged.fire(state);
  }

  /**
   * A way to connect to `url` later that needs nothing of this session nor of VS Code: the key as stored now, no
   * cancel on a server change, no log. What deactivate asks goes through it: VS Code disposes the extension's
   * subscriptions (this session, which cancels its requests) right as it calls deactivate, and the secret storage
   * and the log channel are closed by then.
   */
  async lastingConnection(url: string): Promise<() => Promise<OpenHandsClient>> {
    const credential = await this.keys.get(url);
    const options = { ...clientOptions(url), getCredential: () => Promise.resolve(credential) };
    // What the connected server speaks is known: no request then (a window may go right after it connected).
    const api = this.model.server?.url === url ? this.model.server.client.api : undefined;
    return () => (api ? clientOfApi(options, api) : connectClient(options));
  }

  private clientFor(baseUrl: string, signal: AbortSignal): Promise<OpenHandsClient> {
    return connectClient({
      ...clientOptions(baseUrl),
      signal,
      getCredential: () => this.keys.get(baseUrl),
      logger: this.logger,
      reached: (answered) => this.reached(baseUrl, answered),
    });
  }

  /** A request to `baseUrl` got an answer or could not reach it; an earlier server's requests decide nothing. */
  private reached(baseUrl: string, answered: boolean): void {
    if (baseUrl !== this.serverUrl) return;
    if (answered) return this.reachability.answered();
    if (!this.reachability.isOffline) this.logger.warn(`Cannot reach ${baseUrl}: offline until it answers again`);
    this.reachability.unreachable();
  }

  /** One request while offline: the settings where connected (small), else what the server speaks. */
  private async probe(): Promise<void> {
    const server = this.model.server;
    if (server) await server.client.loadSettings({ signal: this.model.superseded });
    else await this.model.connect(true);
  }
}

/** What every client of `baseUrl` is made with, as the settings say now. */
function clientOptions(baseUrl: string): Omit<ClientOptions, 'getCredential'> {
  return {
    baseUrl,
    // VS Code patches the global fetch with the person's proxy and certificate settings.
    fetch: (input, init) => globalThis.fetch(input, init),
    timeoutMs: configuration.requestTimeoutMs(),
    runtimeHosts: configuration.runtimeHostsFor(baseUrl),
  };
}
