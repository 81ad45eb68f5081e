// The contract server: a stand-in for an OpenHands app server of one release line (routes.ts): 0.54.0's
// GET/POST /api/settings and POST /api/conversations, 1.11.0's /api/v1/settings and /api/v1/app-conversations,
// or 1.6.0's mix, answering exactly as the real ones do (test/support/fixtures/openhands/OBSERVED.md and the V1 suites), with
// /alive, /health, /openapi.json and the CORS layer around them, plus test hooks: request recording, injected
// faults, provider-token seeding, start-task timing and optional /_test/* routes.
import { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { AgentServer, type AgentServerPlace } from './agentServer';
import { ConversationRoutes } from './conversationRoutes';
import { type ControlTarget, handleControl } from './control';
import { withCors } from './cors';
import { type Body, NO_BODY, type Reply, crashReply, decodeBody, detailReply, guard, jsonReply, readBody } from './http';
import { RateLimiter } from './rateLimit';
import { type ApiLine, type Route, buildRoutes, matchRoute } from './routes';
import { type StartTaskTiming } from './startTasks';
import { type ProviderTokenSeed, ServerState } from './state';
import { V1ConversationActions } from './v1ConversationActions';
import { type SeedOptions, V1ConversationRoutes } from './v1ConversationRoutes';
import { type AgentTiming } from './v1Conversations';
import { randomUUID } from 'node:crypto';

export type { ProviderTokenSeed } from './state';
export type { ApiLine } from './routes';
export type { StartTaskTiming } from './startTasks';
export type { AgentTiming } from './v1Conversations';

/** A status change the control route makes: V0's words or V1's. */
export interface ConversationStatusChange {
  status?: string;
  runtime_status?: string | null;
  sandbox_status?: string;
  execution_status?: string;
}

/** How the key is presented: self-hosted servers read X-Session-API-Key, OpenHands Cloud a Bearer token. */
export type AuthScheme = 'session' | 'bearer';

/** What the web UI's index.html is to a client: an HTML page. */
const WEB_UI_PAGE: Reply = {
  status: 200, contentType: 'text/html; charset=utf-8',
  body: '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>OpenHands</title></head><body><div id="root"></div></body></html>\n',
};

export interface ContractServerOptions {
  host?: string; // default '127.0.0.1'
  port?: number; // default 0 (a free port)
  sessionApiKey?: string; // when set and non-empty, X-Session-API-Key is required
  allowSetConversationId?: boolean; // ALLOW_SET_CONVERSATION_ID=1
  rateLimit?: boolean; // default false
  stateFile?: string; // keep settings, tokens and conversations in this JSON file across restarts
  controlApi?: boolean; // serve the /_test/* routes; default false
  api?: ApiLine; // which release line's routes: default 'v1', the current one
  auth?: AuthScheme; // default 'session'; 'bearer' takes the key only as `Authorization: Bearer <key>`
  /** Serve the web UI's page for any GET no route takes, as the Docker image does; default false, as PyPI's
   *  openhands-ai runs (SERVE_FRONTEND=false: 404 `{"detail":"Not Found"}`). */
  webUi?: boolean;
  /** How long the agent server's websocket waits for its first (auth) frame; default 10 s, as the real one. */
  agentAuthTimeoutMs?: number;
  /** The agent server on a host of its own, as OpenHands Cloud's runtimes (default: loopback, a free port, http). */
  agentServer?: AgentServerPlace;
}

/** `status` is 0 while the request is pending, and stays 0 when a fault destroyed the socket. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  time: number;
  /** The client closed the connection before the answer went out (a cancelled request). */
  abandoned?: boolean;
}

export interface ContractServer {
  readonly url: string; // 'http://127.0.0.1:PORT', no trailing slash
  readonly requests: RecordedRequest[]; // every /api request in order (control routes are not recorded)
  /** V1: every HTTP request its conversations' agent server received, in order (none on the V0 line). */
  readonly agentRequests: readonly RecordedRequest[];
  seedProviderTokens(tokens: Record<string, ProviderTokenSeed>): void; // what /api/add-git-providers would store
  /** The provider tokens held, in clear (for tests); null before any were stored. */
  providerTokens(): ServerState['providerTokens'];
  /** The raw stored object, secrets in clear (for tests): V0's settings, or V1's nested settings.json as JSON. */
  storedSettings(): Record<string, unknown> | null;
  setFault(fault: Fault | null): void;
  setStartTaskTiming(timing: StartTaskTiming): void; // for the V1 start tasks that follow
  setAgentTiming(timing: AgentTiming): void; // for the V1 agent runs that follow (a start's message, a follow-up)
  /** `count` conversations, one a second apart, newest last; their ids. V1: `options` (first messages, repository). */
  seedConversations(count: number, options?: SeedOptions): string[];
  /** Sets a conversation's status (V0: status, runtime_status; V1: sandbox_status, execution_status); false if unknown. */
  setConversationStatus(id: string, change: ConversationStatusChange): boolean;
  /** V1: the conversation's workspace folder (its agent server's files), where a test plays the agent's next edit. */
  workspaceOf(id: string): string;
  /** Serve the web UI's page (ContractServerOptions.webUi) until reset. */
  setWebUi(on: boolean): void;
  reset(): void; // forget settings, tokens, conversations, start tasks, requests, fault, timing, web UI
  close(): Promise<void>;
}

/**
 * Applies to the next `times` (default unlimited) /api requests whose path starts with `pathPrefix` (default any)
 * and, when `method` is given, of that method (so a start's POST can be failed while the view polls with GETs):
 * wait `delayMs`, then destroy the socket (`destroy`) or answer `status` (default 500) + `body` (default empty,
 * `contentType` default application/json) instead of the real handler. A fault with only `delayMs` delays the
 * real answer. `redirectTo` (a base URL) adds `Location: <redirectTo><the request's path and query>` to the
 * answer, as a server that moved there would send with a 3xx `status`.
 */
export interface Fault {
  status?: number;
  body?: string;
  contentType?: string;
  delayMs?: number;
  times?: number;
  pathPrefix?: string;
  method?: string;
  destroy?: boolean;
  redirectTo?: string;
}

// CacheControlMiddleware's headers, on every answer that passes through it.
const NO_CACHE = { 'cache-control': 'no-cache, no-store, must-revalidate, max-age=0', pragma: 'no-cache', expires: '0' };

class ContractServerImpl implements ContractServer, ControlTarget {
  readonly requests: RecordedRequest[] = [];
  url = '';
  private readonly http: Server;
  private readonly state: ServerState;
  private readonly routes: Record<string, Route>;
  private readonly rateLimiter?: RateLimiter;
  private readonly v1Conversations: V1ConversationRoutes;
  private readonly v1Actions: V1ConversationActions;
  /** Where V1 conversations' conversation_url points (none for the V0 line). */
  private readonly agentServer?: AgentServer;
  private fault: Fault | null = null;
  private webUi: boolean;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: ContractServerOptions) {
    this.state = new ServerState(options.stateFile);
    this.webUi = options.webUi ?? false;
    if (options.rateLimit) this.rateLimiter = new RateLimiter();
    const conversations = new ConversationRoutes(this.state, options.allowSetConversationId ?? false);
    this.v1Conversations = new V1ConversationRoutes(this.state, options.api === 'mixed');
    this.v1Actions = new V1ConversationActions(this.v1Conversations);
    if (options.api !== 'v0') this.agentServer = new AgentServer(this.v1Conversations, options.api === 'mixed', options.agentAuthTimeoutMs, options.agentServer);
    this.routes = buildRoutes(options.api ?? 'v1', { state: this.state, conversations, v1Conversations: this.v1Conversations, v1Actions: this.v1Actions });
    this.http = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        // A bug in the double, not a modelled crash: still answer like Starlette, and say so on stderr.
        console.error('contract server error:', e);
        if (!res.headersSent) this.send(res, crashReply());
      });
    });
  }

  async listen(): Promise<void> {
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.options.port ?? 0, host, () => resolve());
    });
    const { port } = this.http.address() as AddressInfo;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (this.agentServer) {
      await this.agentServer.listen(host);
      this.v1Conversations.agentServerUrl = this.agentServer.url;
    }
  }

  get agentRequests(): readonly RecordedRequest[] {
    return this.agentServer?.requests ?? [];
  }

  seedProviderTokens(tokens: Record<string, ProviderTokenSeed>): void {
    this.state.seedProviderTokens(tokens);
  }

  providerTokens(): ServerState['providerTokens'] {
    return structuredClone(this.state.providerTokens);
  }

  storedSettings(): Record<string, unknown> | null {
    if (this.state.v1Settings !== null) return JSON.parse(this.state.v1Settings) as Record<string, unknown>;
    return this.state.settings ? structuredClone(this.state.settings) : null;
  }

  setFault(fault: Fault | null): void {
    this.fault = fault ? { ...fault } : null;
  }

  setStartTaskTiming(timing: StartTaskTiming): void {
    this.v1Conversations.setTiming(timing);
  }

  setAgentTiming(timing: AgentTiming): void {
    this.v1Conversations.setAgentTiming(timing);
  }

  seedConversations(count: number, options?: SeedOptions): string[] {
    if (this.options.api !== 'v0') return this.v1Conversations.seed(count, options);
    const now = Date.now();
    return Array.from({ length: count }, (_, i) => {
      const id = randomUUID().replace(/-/g, '');
      const created = new Date(now - (count - 1 - i) * 1000).toISOString();
      this.state.saveConversation({ conversation_id: id, selected_repository: null, selected_branch: null, git_provider: null, trigger: 'gui', created_at: created });
      return id;
    });
  }

  workspaceOf(id: string): string {
    const conversation = this.options.api === 'v0' ? undefined : this.v1Conversations.find(id);
    if (!conversation) throw new Error(`no V1 conversation ${id}`);
    return this.v1Conversations.workspaceOf(conversation);
  }

  setConversationStatus(id: string, change: ConversationStatusChange): boolean {
    const v1 = this.options.api === 'v0' ? undefined : this.v1Conversations.find(id);
    if (v1) {
      this.v1Actions.setStatus(v1, change);
      return true;
    }
    const v0 = this.state.conversation(id);
    if (!v0) return false;
    const runtime = change.runtime_status === undefined ? {} : { runtime_status: change.runtime_status };
    this.state.saveConversation({ ...v0, ...(change.status ? { status: change.status } : {}), ...runtime, last_updated_at: new Date().toISOString() });
    return true;
  }

  reset(): void {
    this.state.reset();
    this.v1Conversations.reset();
    this.requests.length = 0;
    if (this.agentServer) this.agentServer.requests.length = 0;
    this.fault = null;
    this.webUi = this.options.webUi ?? false;
    this.rateLimiter?.clear();
  }

  setWebUi(on: boolean): void {
    this.webUi = on;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.v1Conversations.close();
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    this.http.closeAllConnections();
    await Promise.all([closed, this.agentServer?.close()]);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const url = new URL(target, 'http://localhost');
    const path = url.pathname;
    const raw = await readBody(req);
    if (this.options.controlApi && path.startsWith('/_test/')) {
      this.send(res, handleControl(this, method, path, raw));
      return;
    }
    const record = path.startsWith('/api') ? this.record(req, target, raw) : undefined;
    if (record) res.once('close', () => { if (!res.writableFinished) record.abandoned = true; });

    const fault = record ? this.takeFault(method, path) : null;
    if (fault) {
      if (fault.delayMs) await this.sleep(fault.delayMs);
      if (fault.destroy) {
        req.socket.destroy();
        return;
      }
      if (fault.status !== undefined || fault.body !== undefined) {
        const reply = {
          status: fault.status ?? 500, body: fault.body ?? '', contentType: fault.contentType ?? 'application/json',
          ...(fault.redirectTo !== undefined ? { headers: { location: fault.redirectTo + target } } : {}),
        };
        this.send(res, { ...reply, bypassesMiddleware: true }, record);
        return;
      }
    }

    // RateLimitMiddleware is the outermost middleware: its 429 carries no cache headers.
    const decision = this.rateLimiter?.check(req.socket.remoteAddress ?? '');
    if (decision === 'refuse') {
      const tooMany = jsonReply(429, { message: 'Too many requests' }, { 'retry-after': '1' });
      this.send(res, { ...tooMany, bypassesMiddleware: true }, record);
      return;
    }
    if (decision === 'delay') await this.sleep(1000);

    this.send(res, guard(() => withCors(method, req.headers, () => this.route(method, url, raw, req.headers))), record);
  }

  /** Starlette routing, then FastAPI's order: body decoding, the API-key dependency, then validation and handler. */
  private route(method: string, target: URL, raw: Buffer, headers: IncomingHttpHeaders): Reply {
    const path = target.pathname;
    const matched = matchRoute(this.routes, path);
    if (!matched) {
      // The frontend is mounted at / after the routers (SPAStaticFiles: index.html for any path it has no file for).
      if (this.webUi && method === 'GET') return WEB_UI_PAGE;
      // Starlette's redirect_slashes (the server without a bundled frontend, as nested runtimes run it).
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      if (!matchRoute(this.routes, other)) return detailReply(404, 'Not Found');
      const location = `http://${headers.host ?? 'localhost'}${other}${target.search}`;
      return { status: 307, body: '', contentType: '', headers: { location } };
    }
    const { route, params } = matched;
    const endpoint = route.methods[method];
    if (!endpoint) return detailReply(405, 'Method Not Allowed', { allow: route.allow });
    let body: Body = NO_BODY;
    if (endpoint.body) {
      const decoded = decodeBody(raw, headers['content-type']);
      if ('reply' in decoded) return decoded.reply;
      body = decoded.body;
    }
    if (route.auth && !this.authorized(headers)) return detailReply(401, 'Unauthorized');
    return guard(() => endpoint.run(body, target.searchParams, params));
  }

  /** Node's HTTP parser strips the whitespace around a header value, as uvicorn's h11 does. */
  private authorized(headers: IncomingHttpHeaders): boolean {
    const key = this.options.sessionApiKey;
    if (!key) return true;
    if (this.options.auth === 'bearer') return headers.authorization === `Bearer ${key}`;
    return headers['x-session-api-key'] === key;
  }

  private record(req: IncomingMessage, target: string, raw: Buffer): RecordedRequest {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const entry: RecordedRequest = { method: req.method ?? 'GET', path: target, headers, body: raw.toString('utf8'), status: 0, time: Date.now() };
    this.requests.push(entry);
    return entry;
  }

  private takeFault(method: string, path: string): Fault | null {
    const fault = this.fault;
    if (!fault || !path.startsWith(fault.pathPrefix ?? '') || (fault.method && fault.method !== method)) return null;
    if (fault.times !== undefined) {
      if (fault.times <= 0) return null;
      fault.times -= 1;
      if (fault.times === 0) this.fault = null;
    }
    return fault;
  }

  private send(res: ServerResponse, reply: Reply, record?: RecordedRequest): void {
    if (record) record.status = reply.status;
    if (res.destroyed) return;
    const body = reply.raw ?? reply.body;
    const headers: Record<string, string | number> = {
      'content-length': Buffer.byteLength(body),
      ...(reply.contentType ? { 'content-type': reply.contentType } : {}),
      server: 'uvicorn',
      ...reply.headers,
      ...(reply.bypassesMiddleware ? {} : NO_CACHE),
    };
    if (reply.closesConnection) res.on('finish', () => res.socket?.end());
    res.writeHead(reply.status, headers);
    res.end(body);
  }
}

export async function startContractServer(options: ContractServerOptions = {}): Promise<ContractServer> {
  const server = new ContractServerImpl(options);
  await server.listen();
  return server;
}
