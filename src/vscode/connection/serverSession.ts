// The server the extension talks to right now: its URL from the settings, its key from the key store, and a
// client for it. Fires when either changes, so views reload.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { createClient } from '../../api/createClient';
import type { ServerUrlResult } from '../../core/connection/serverUrl';
import type { ApiKeyStore } from './apiKeyStore';
import { Setting, affectsExtension, requestTimeoutMs, serverUrl } from '../platform/configuration';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';

export class ServerConnection extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the server URL, the request timeout or the current server's key changes. */
  readonly onDidChange = this.changed.event;
  private current: { url: ServerUrlResult; client: OpenHandsClient | undefined } | undefined;

  constructor(private readonly keys: ApiKeyStore, private readonly logger: Logger) {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsExtension(e, Setting.ServerUrl) || affectsExtension(e, Setting.RequestTimeoutSeconds)) {
        this.current = undefined;
        this.changed.fire();
      }
    }));
    this.register(keys.onDidChange((changedUrl) => {
      const url = this.url;
      if (url.ok && url.url === changedUrl) this.changed.fire();
    }));
  }

  get url(): ServerUrlResult {
    return this.state().url;
  }

  /** The client for the configured server, or undefined when the configured URL is not usable. */
  get client(): OpenHandsClient | undefined {
    return this.state().client;
  }

  async apiKey(): Promise<string | undefined> {
    const url = this.url;
    return url.ok ? this.keys.get(url.url) : undefined;
  }

  private state(): { url: ServerUrlResult; client: OpenHandsClient | undefined } {
    if (!this.current) {
      const url = serverUrl();
      const client = url.ok ? createClient({
        baseUrl: url.url,
        // VS Code patches the global fetch with the person's proxy and certificate settings.
        fetch: (input, init) => globalThis.fetch(input, init),
        getApiKey: () => this.keys.get(url.url),
        timeoutMs: requestTimeoutMs(),
        logger: this.logger,
      }) : undefined;
      this.current = { url, client };
      this.logger.info(url.ok ? `Server: ${url.url}` : `Server URL not usable: ${url.problem}`);
    }
    return this.current;
  }
}
