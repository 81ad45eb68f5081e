// The agent server's websocket /sockets/events/{conversation_id} (agent_server/sockets.py of 1.11.0): the key in
// the first frame ({"type":"auth","session_api_key":...}; no frame within 10 s, malformed or a wrong key: closed
// 4001 "Authentication failed"), or, deprecated, `?session_api_key=` or the X-Session-API-Key header (wrong: the
// handshake is refused, 403; 1.6.0 knows only these two). Once in: a conversation the key does not open is closed 4004; otherwise a fresh
// `full_state` ConversationStateUpdateEvent, then the stored events `resend_mode` asks for (`all`; `since` with
// `after_timestamp`: those at or after it; none: nothing), then each new event as the agent makes it. Frames are
// the events' agent-server JSON, as events/search gives them. A message sent in is not acted on here.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { acceptWebSocket, type ServerWebSocket } from '../webSocketServer';
import { type StoredEvent, agentServerForm } from './v1AgentEvents';
import type { V1ConversationRecord } from './v1Conversations';
import { uuidHex } from './v1ConversationRoutes';

export interface EventSocketSettings {
  all(): V1ConversationRecord[];
  /** The conversation's state as the full_state update carries it. */
  state(c: V1ConversationRecord): Record<string, unknown>;
  /** How long the first frame may take (the real server: 10 s). */
  readonly authTimeoutMs: number;
  /** 1.6.0's agent server: no first-frame auth, the key only in the query or the header. */
  readonly mixed: boolean;
}

const ROUTE = /^\/sockets\/events\/([^/]+)$/;
const ISO = /^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?)(?:\.(\d{1,6})\d*)?(Z|[+-]\d\d:?\d\d)?$/;

/** A timestamp as microseconds, naive ones taken as UTC (the server's zone); NaN when it is not ISO 8601. */
export function isoMicros(text: string): number {
  const match = ISO.exec(text);
  if (!match) return NaN;
  const zone = match[3] && match[3] !== 'Z' ? match[3].replace(/^([+-]\d\d)(\d\d)$/, '$1:$2') : 'Z';
  return Date.parse(`${match[1]}${zone}`) * 1000 + Number((match[2] ?? '').padEnd(6, '0'));
}

/** Starlette's answer when a websocket route closes before accepting (or no route takes the path). */
function refuse(socket: Duplex, status: 403 | 404): void {
  socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\ncontent-length: 0\r\n\r\n`);
}

function firstFrameKey(text: string): unknown {
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'auth' ? (data as { session_api_key?: unknown }).session_api_key : undefined;
  } catch {
    return undefined;
  }
}

function resent(c: V1ConversationRecord, mode: string | null, after: string | null): readonly StoredEvent[] {
  if (mode === 'all') return c.log.events;
  if (mode !== 'since' || after === null) return [];
  const from = isoMicros(after);
  return c.log.events.filter((e) => isoMicros(e.timestamp) >= from);
}

export function serveEventSocket(settings: EventSocketSettings, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const match = ROUTE.exec(url.pathname);
  if (!match) { refuse(socket, 404); return; }
  const hex = uuidHex(decodeURIComponent(match[1]));
  const mode = url.searchParams.get('resend_mode');
  const after = url.searchParams.get('after_timestamp');
  if (hex === null || (mode !== null && mode !== 'all' && mode !== 'since') || (after !== null && Number.isNaN(isoMicros(after)))) {
    refuse(socket, 403); // FastAPI's validation of a websocket's parameters closes it before accepting
    return;
  }
  const opens = (key: unknown) => settings.all().find((c) => c.sessionApiKey === key && c.sandboxStatus === 'RUNNING');
  const legacyKey = url.searchParams.get('session_api_key') ?? request.headers['x-session-api-key'];
  if ((legacyKey !== undefined || settings.mixed) && !opens(legacyKey)) { refuse(socket, 403); return; }
  let unsubscribe: (() => void) | undefined;
  let authenticated = legacyKey !== undefined;
  const start = (ws: ServerWebSocket, own: V1ConversationRecord): void => {
    if (own.id !== hex) { ws.close(4004, 'Conversation not found'); return; }
    const send = (event: StoredEvent): void => ws.sendText(JSON.stringify(agentServerForm(event)));
    unsubscribe = own.log.subscribe(send);
    send({ id: crypto.randomUUID(), timestamp: own.log.stamp(), source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'full_state', value: settings.state(own) });
    resent(own, mode, after).forEach(send);
  };
  let ws: ServerWebSocket | undefined;
  const timer = authenticated ? undefined : setTimeout(() => ws?.close(4001, 'Authentication failed'), settings.authTimeoutMs);
  ws = acceptWebSocket(request, socket, head, {
    onText: (text, open) => {
      if (authenticated) return;
      authenticated = true;
      clearTimeout(timer);
      const own = opens(firstFrameKey(text));
      if (own) start(open, own); else open.close(4001, 'Authentication failed');
    },
    onClose: () => { clearTimeout(timer); unsubscribe?.(); },
  });
  if (legacyKey !== undefined) start(ws, opens(legacyKey)!);
}
