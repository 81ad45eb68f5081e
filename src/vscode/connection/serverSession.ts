// The one owner of "which server, and how are we doing with it": the URL from the settings, its key from the
// key store, a client for it, and the connection state that drives the status bar, the welcome views (through
// a context key) and the panels. Fires when the server changes, so views reload.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { createClient } from '../../api/createClient';
import type { ConnectionState } from '../../core/connection/connectionState';
import type { ServerUrlResult } from '../../core/connection/serverUrl';
import { affectsSetting, configuration } from '../platform/configuration';
import { Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';
import type { ApiKeyStore } from './apiKeyStore';

/** The configured server when its URL is usable. */
export interface Server {
  readonly url: string;
  readonly client: OpenHandsClient;
}

export class ServerSession extends Disposable {
  private readonly serverChanged = this.register(new vscode.EventEmitter<void>());
  /** Fires when the server URL, the request timeout or the current server's key changes. */
  readonly onDidChangeServer = this.serverChanged.event;
  private readonly stateChanged = this.register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChangeState = this.stateChanged.event;
  private current: { url: ServerUrlResult; server: Server | undefined } | undefined;
  private connection: ConnectionState = 'loading';

  constructor(private readonly keys: ApiKeyStore, private readonly logger: Logger) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration((e) => {
      if (!affectsSetting(e, 'serverUrl', 'requestTimeoutSeconds')) return;
      this.current = undefined;
      this.serverChanged.fire();
    }));
    this.register(keys.onDidChange((changedUrl) => {
      if (this.serverUrl === changedUrl) this.serverChanged.fire();
    }));
  }

  /** The configured URL, or why it is not usable. */
  get url(): ServerUrlResult { return this.resolve().url; }
  /** The configured server, or undefined when its URL is not usable. */
  get server(): Server | undefined { return this.resolve().server; }
  get serverUrl(): string | undefined { return this.server?.url; }
  get state(): ConnectionState { return this.connection; }

  async apiKey(): Promise<string | undefined> {
    const url = this.serverUrl;
    return url ? this.keys.get(url) : undefined;
  }

  /** Records where the extension stands with the server, for the status bar and the welcome views. */
  setState(state: ConnectionState): void {
    this.connection = state;
    void vscode.commands.executeCommand('setContext', Context.ConnectionState, state);
    this.stateChanged.fire(state);
  }

  private resolve(): { url: ServerUrlResult; server: Server | undefined } {
    if (!this.current) {
      const url = configuration.serverUrl();
      this.current = { url, server: url.ok ? { url: url.url, client: this.clientFor(url.url) } : undefined };
      this.logger.info(url.ok ? `Server: ${url.url}` : `Server URL not usable: ${url.problem}`);
    }
    return this.current;
  }

  private clientFor(baseUrl: string): OpenHandsClient {
    return createClient({
      baseUrl,
      // VS Code patches the global fetch with the person's proxy and certificate settings.
      fetch: (input, init) => globalThis.fetch(input, init),
      getApiKey: () => this.keys.get(baseUrl),
      timeoutMs: configuration.requestTimeoutMs(),
      logger: this.logger,
    });
  }
}
