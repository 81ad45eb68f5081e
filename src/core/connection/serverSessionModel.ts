// The decisions of the server session, without VS Code: which server is current, when its connection is asked
// again, what a change of URL, timeout or key supersedes, and when a connection counts. The VS Code adapter
// (vscode/connection/serverSession.ts) feeds it events and turns its changes into events and context keys.
import type { OpenHandsClient } from '../../api/client';
import type { ApiLogger } from '../../api/http/logger';
import { describeServerApi } from './serverApi';
import type { ServerUrlResult } from './serverUrl';

/** The configured server, connected: its URL and a client for the API it speaks. */
export interface Server {
  readonly url: string;
  readonly client: OpenHandsClient;
}

/** What the session needs from the outside: the configuration, a way to connect, and where to say so. */
export interface ServerSessionPorts {
  /** The URL the configuration holds now. */
  configuredUrl(): ServerUrlResult;
  /** Finds what `url` speaks and makes its client; `signal` aborts when the person moves to another server. */
  connectClient(url: string, signal: AbortSignal): Promise<OpenHandsClient>;
  /** The connected server changed (undefined: not connected). */
  connectedChanged(server: Server | undefined): void;
  readonly logger: Pick<ApiLogger, 'info'>;
}

/** What changed in the configuration, as far as the session cares. */
export interface ConfigurationChange {
  readonly serverUrl: boolean;
  /** A setting the client is built with changed (the request timeout, the runtime hosts). */
  readonly clientOptions: boolean;
}

interface Current {
  readonly url: ServerUrlResult;
  readonly stop: AbortController;
  connecting?: Promise<Server>;
}

export class ServerSessionModel {
  /** The configured server; `stop` cancels every request made for it when the person moves to another. */
  private current: Current | undefined;
  private connected: Server | undefined;
  /** Aborted when the server or its key changes: what was asked of the server before is then superseded. */
  private generation = new AbortController();

  constructor(private readonly ports: ServerSessionPorts) {}

  /** The configured URL, or why it is not usable. */
  get url(): ServerUrlResult { return this.resolve().url; }
  get serverUrl(): string | undefined { const url = this.url; return url.ok ? url.url : undefined; }
  /** The server as last connected, if it has been. */
  get server(): Server | undefined { return this.connected; }
  /**
   * Aborted as soon as the server URL, the request timeout or the current server's key changes: a load started
   * before (a keyless one of a new URL, say) is cancelled and must not decide the state, the newer one does.
   */
  get superseded(): AbortSignal { return this.generation.signal; }

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

  /** Takes a configuration change; true when it changed the server. */
  configurationChanged(change: ConfigurationChange): boolean {
    // A URL switchTo already took is no change any more; new client options keep the URL the session uses.
    if (change.serverUrl && !this.isCurrent(this.ports.configuredUrl())) this.changeServer(true);
    else if (change.clientOptions) this.changeServer(true, this.serverUrl);
    else return false;
    return true;
  }

  /** Takes a change of the key stored for `url`; true when it is the current server's, which it changes. */
  keyChanged(url: string): boolean {
    if (this.serverUrl !== url) return false;
    this.changeServer(false);
    return true;
  }

  /** Uses `url` (normalized) at once, as the person chose it, before the configuration says so; true when new. */
  switchTo(url: string): boolean {
    if (this.serverUrl === url) return false;
    this.ports.logger.info(`Server: ${url}`);
    this.changeServer(true, url);
    return true;
  }

  /** The chosen URL could not be written: the configured one is current again. */
  switchFailed(): void {
    this.changeServer(true);
  }

  /** Cancels what is on its way to the current server. */
  dispose(): void {
    this.current?.stop.abort();
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
  }

  private isCurrent(url: ServerUrlResult): boolean {
    return url.ok && this.current?.url.ok === true && this.current.url.url === url.url;
  }

  private resolve(): Current {
    if (!this.current) {
      const url = this.ports.configuredUrl();
      this.current = { url, stop: new AbortController() };
      this.ports.logger.info(url.ok ? `Server: ${url.url}` : `Server URL not usable: ${url.problem}`);
    }
    return this.current;
  }

  private async detect(url: string): Promise<Server> {
    const client = await this.ports.connectClient(url, this.resolve().stop.signal);
    this.ports.logger.info(`${url} speaks ${describeServerApi(client.api)}`);
    if (this.current?.url.ok && this.current.url.url === url) this.setConnected({ url, client });
    return { url, client };
  }

  private setConnected(server: Server | undefined): void {
    this.connected = server;
    this.ports.connectedChanged(server);
  }
}
