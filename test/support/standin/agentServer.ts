// The agent-server face of the stand-in's V1 conversations (openhands-v1-work.md §5): what a conversation's
// `conversation_url` points at, one port for all of them, each conversation reached with its own session key
// (X-Session-API-Key; none, a wrong one or the app server's: 401). Served: GET /api/conversations/{id}, its
// events/search (next_page_id = the next event's id) and events/count, and the workspace's git changes, diffs,
// git-delta patch and raw files (agentWorkspaceRoutes.ts), the upload and the shell command that hand a folder
// over (agentCommandRoutes.ts), the confirmation answer (POST …/events/respond_to_confirmation, v1Confirmation.ts),
// and the websocket /sockets/events/{id} (agentEventSocket.ts).
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RecordedRequest } from './contractServer';
import { type Reply, detailReply, jsonReply, readBody } from './http';
import { serveEventSocket } from './agentEventSocket';
import { gitChanges, gitDeltaArchive, gitDiff, rawFile } from './agentWorkspaceRoutes';
import { executeBashCommand, uploadFile } from './agentCommandRoutes';
import { type StoredEvent, agentServerForm } from './v1AgentEvents';
import { type ConfirmationAnswer, SUCCESS, confirmationAnswer, policyJson } from './v1Confirmation';
import { type V1ConversationRecord, executionAt } from './v1Conversations';
import { dashedUuid, uuidHex } from './v1ConversationRoutes';
import { processFolder } from './v1Workspace';

/** Where the agent server finds its conversations. */
export interface AgentServerSource {
  all(): V1ConversationRecord[];
  /** The conversation's workspace folder, made when it has none yet. */
  workspaceOf(c: V1ConversationRecord): string;
  /** Accepts or rejects the actions its agent waits on (v1Confirmation.ts). */
  respondToConfirmation(c: V1ConversationRecord, answer: ConfirmationAnswer): void;
}

const CONFIRMATION = /^\/api\/conversations\/([^/]+)\/events\/respond_to_confirmation$/;
const CONVERSATION = /^\/api\/conversations\/([^/]+)(\/events\/search|\/events\/count)?$/;
const internalError = (): Reply => jsonReply(500, { detail: 'Internal Server Error', exception: '', error_id: crypto.randomUUID().replace(/-/g, '') });

/** The SDK's event classes by kind: the `kind` filter takes the full class path. */
const EVENT_MODULES: Record<string, string> = {
  SystemPromptEvent: 'llm_convertible.system', MessageEvent: 'llm_convertible.message', ActionEvent: 'llm_convertible.action',
  ObservationEvent: 'llm_convertible.observation', AgentErrorEvent: 'llm_convertible.observation',
  ConversationStateUpdateEvent: 'conversation_state', ConversationErrorEvent: 'conversation_error',
};
const kindPath = (kind: string): string => `openhands.sdk.event.${EVENT_MODULES[kind] ?? 'base'}.${kind}`;

function filtered(events: readonly StoredEvent[], query: URLSearchParams): StoredEvent[] {
  const kind = query.get('kind');
  const source = query.get('source');
  const gte = query.get('timestamp__gte');
  const lt = query.get('timestamp__lt');
  const body = query.get('body');
  return events.filter((e) => (kind === null || kindPath(e.kind) === kind) && (source === null || e.source === source)
    && (gte === null || e.timestamp >= gte) && (lt === null || e.timestamp < lt) && (body === null || JSON.stringify(e).includes(body)));
}

function search(c: V1ConversationRecord, query: URLSearchParams): Reply {
  const limitText = query.get('limit');
  const limit = limitText === null ? 100 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return internalError();
  let all = filtered(c.log.events, query);
  if (query.get('sort_order') === 'TIMESTAMP_DESC') all = all.reverse();
  const pageId = query.get('page_id');
  const start = Math.max(0, pageId === null ? 0 : all.findIndex((e) => e.id === pageId));
  const page = all.slice(start, start + limit);
  return jsonReply(200, { items: page.map(agentServerForm), next_page_id: all[start + limit]?.id ?? null });
}

/** The conversation's state (ConversationState), the fields a client reads; a full_state update carries it. */
function conversationState(c: V1ConversationRecord): Record<string, unknown> {
  const events = c.log.events;
  const lastUser = [...events].reverse().find((e) => e.kind === 'MessageEvent' && e.source === 'user');
  return {
    id: dashedUuid(c.id), workspace: { working_dir: c.workingDir, kind: 'LocalWorkspace' }, persistence_dir: `workspace/conversations/${c.id}`,
    max_iterations: 500, stuck_detection: true, execution_status: executionAt(c) ?? 'idle',
    confirmation_policy: policyJson(c.confirmation), security_analyzer: { kind: 'LLMSecurityAnalyzer' },
    last_user_message_id: lastUser?.id ?? null, leaf_event_id: events.at(-1)?.id ?? null, tags: {},
  };
}

/** The live state the agent server gives (ConversationInfo): the state, and its title and times. */
const conversationInfo = (c: V1ConversationRecord): Record<string, unknown> => ({
  ...conversationState(c), title: null, created_at: c.created.toISOString(), updated_at: c.updated.toISOString(),
});

/**
 * Where the agent server is, for a topology like OpenHands Cloud's (its runtimes on hosts of their own): the address
 * and port it listens on, its TLS key and certificate (PEM), and the URL `conversation_url` names it by.
 */
export interface AgentServerPlace {
  readonly host: string;
  readonly port: number;
  readonly tls?: { readonly key: string; readonly cert: string };
  readonly publicUrl: string;
}

export class AgentServer {
  url = '';
  /** Every HTTP request it received, in order (method, path with query, status once answered; no body kept). */
  readonly requests: RecordedRequest[] = [];
  private readonly http: Server;
  /** The websockets: a server's close waits for them, closeAllConnections does not know them. */
  private readonly upgraded = new Set<Duplex>();

  /** `mixed`: 1.6.0's agent server. `authTimeoutMs`: how long its websocket waits for the key (real: 10 s). */
  constructor(private readonly source: AgentServerSource, private readonly mixed: boolean, authTimeoutMs = 10_000, private readonly place?: AgentServerPlace) {
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      const entry: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: {}, body: '', status: 0, time: Date.now() };
      this.requests.push(entry);
      const answer = (reply: Reply) => {
        entry.status = reply.status;
        this.send(res, reply);
      };
      const posted = req.method === 'POST' ? this.postRoute(req) : undefined;
      if (!posted) answer(this.route(req));
      else posted.then(answer, () => answer(jsonReply(500, { detail: 'Internal Server Error' })));
    };
    this.http = place?.tls ? createTlsServer({ key: place.tls.key, cert: place.tls.cert }, handle) : createServer(handle);
    const sockets = { all: () => source.all(), state: conversationState, authTimeoutMs, mixed };
    this.http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgraded.add(socket);
      socket.on('close', () => this.upgraded.delete(socket));
      serveEventSocket(sockets, req, socket, head);
    });
  }

  async listen(host: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.place?.port ?? 0, this.place?.host ?? host, () => resolve());
    });
    // As the real app server hands it out: localhost, the sandbox's port (or the runtime's own URL, if placed).
    this.url = this.place?.publicUrl ?? `http://localhost:${(this.http.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    this.http.closeAllConnections();
    for (const socket of this.upgraded) socket.destroy();
    await closed;
  }

  private route(req: IncomingMessage): Reply {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/alive' || url.pathname === '/health') return jsonReply(200, { status: 'ok' });
    if (req.method !== 'GET') return detailReply(405, 'Method Not Allowed');
    const own = this.owner(req);
    if (!own) return detailReply(401, 'Unauthorized');
    if (url.pathname === '/api/git/changes') return gitChanges(own, url.searchParams, this.mixed);
    if (url.pathname === '/api/file/download') return rawFile(own, url.searchParams);
    if (url.pathname === '/api/git/diff') return gitDiff(own, url.searchParams);
    if (url.pathname === '/api/file/archive') return gitDeltaArchive(own, url.searchParams);
    const match = CONVERSATION.exec(url.pathname);
    if (!match) return detailReply(404, 'Not Found');
    const hex = uuidHex(decodeURIComponent(match[1]));
    const c = hex === own.id ? own : undefined;
    if (!match[2]) return c ? jsonReply(200, conversationInfo(c)) : detailReply(404, 'Not Found');
    if (!c) return hex ? detailReply(404, `Conversation not found: ${dashedUuid(hex)}`) : detailReply(404, 'Not Found');
    return match[2] === '/events/count' ? jsonReply(200, filtered(c.log.events, url.searchParams).length) : search(c, url.searchParams);
  }

  /**
   * The upload and the command (agentCommandRoutes.ts) and the confirmation answer, which read a body; undefined
   * for any other path.
   */
  private postRoute(req: IncomingMessage): Promise<Reply> | undefined {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const confirmation = CONFIRMATION.exec(url.pathname);
    if (confirmation) return readBody(req).then((body) => this.confirmation(req, confirmation[1], body));
    if (url.pathname !== '/api/file/upload' && url.pathname !== '/api/bash/execute_bash_command') return undefined;
    return readBody(req).then((body) => {
      const own = this.owner(req);
      if (!own) return detailReply(401, 'Unauthorized');
      const workspace = this.source.workspaceOf(own);
      return url.pathname === '/api/file/upload'
        ? uploadFile(workspace, url.searchParams, String(req.headers['content-type'] ?? ''), body)
        : executeBashCommand(processFolder(workspace, own.workingDir), body);
    });
  }

  /** POST …/events/respond_to_confirmation: 401 without the conversation's key, 404 for another id, else the answer. */
  private confirmation(req: IncomingMessage, id: string, body: Buffer): Reply {
    const own = this.owner(req);
    if (!own) return detailReply(401, 'Unauthorized');
    const hex = uuidHex(decodeURIComponent(id));
    if (hex !== own.id) return hex ? detailReply(404, `Conversation not found: ${dashedUuid(hex)}`) : detailReply(404, 'Not Found');
    const answer = confirmationAnswer(body);
    if ('status' in answer) return answer;
    this.source.respondToConfirmation(own, answer);
    return SUCCESS();
  }

  /** The RUNNING conversation whose own key the request carries. */
  private owner(req: IncomingMessage): V1ConversationRecord | undefined {
    const key = req.headers['x-session-api-key'];
    return this.source.all().find((c) => c.sessionApiKey === key && c.sandboxStatus === 'RUNNING');
  }

  private send(res: ServerResponse, reply: Reply): void {
    const body = reply.raw ?? reply.body;
    res.writeHead(reply.status, { 'content-type': reply.contentType, 'content-length': Buffer.byteLength(body), server: 'uvicorn', ...reply.headers });
    res.end(body);
  }
}
