// A V1 conversation's events pushed by its agent server as they happen: ws(s)://{agent}/sockets/events/{id}
// (1.11.0's sockets.py). The key goes in the first message, `{"type":"auth","session_api_key":…}`, never in the
// URL; `resend_mode=since&after_timestamp=` first resends the events from the newest held on (inclusive: callers
// merge by id), `resend_mode=all` every event. Each frame is one event in the same JSON as the events search.
// 1.6.0's agent server reads the key only from the upgrade's X-Session-API-Key header (no first-message auth):
// for that line the key goes there instead, still never in the URL (the client follows no redirect).
import type { EventStream, EventStreamHandlers } from '../client';
import type { ConversationEvent } from '../model/events';
import { openWebSocket } from '../http/webSocket';
import { parseJson } from '../http/transport';
import { BadResponseError } from '../http/transportErrors';
import { l10n } from '../../base/l10n';
import type { AgentAddress } from './agentReach';
import { mapV1Event } from './events';
import { naiveTimeBefore } from './eventsSearch';

const NORMAL_CLOSE = 1000;
/** A local agent server upgrades at once; a paused one never answers. */
const OPEN_TIMEOUT_MS = 4000;

/** How the agent server takes the key on its socket: the first message (1.7+), or the upgrade's header (1.6). */
export type SocketAuth = 'first-message' | 'header';

export function agentEventStream(
  address: AgentAddress, conversationId: string, newest: ConversationEvent | undefined, handlers: EventStreamHandlers,
  how: { readonly auth: SocketAuth; readonly signal?: AbortSignal },
): EventStream {
  const url = socketUrl(address.baseUrl, conversationId, newest);
  const inHeader = how.auth === 'header' && address.key;
  const connection = openWebSocket(url, {
    signal: how.signal,
    openTimeoutMs: OPEN_TIMEOUT_MS,
    ...(inHeader ? { headers: { 'X-Session-API-Key': address.key! } } : {}),
    onOpen: (send) => { if (address.key && !inHeader) send(JSON.stringify({ type: 'auth', session_api_key: address.key })); },
    onText: (text) => {
      const parsed = parseJson(text);
      if (parsed.ok) handlers.onEvent(mapV1Event(parsed.value));
    },
    onClose: (code, _reason, error) => {
      // The server's reason is its own text: only the code is shown.
      if (code === NORMAL_CLOSE && !error) return handlers.onClose();
      const request = { method: 'GET', path: new URL(url).pathname, baseUrl: address.baseUrl };
      handlers.onClose(error ?? new BadResponseError(request, l10n.t('the agent server closed the event stream (code {0})', String(code))));
    },
  });
  return { close: () => connection.close() };
}

/** The socket's URL: the agent server's root with ws(s), the conversation's id, what to resend first. */
export function socketUrl(baseUrl: string, conversationId: string, newest: ConversationEvent | undefined): string {
  const base = new URL(baseUrl);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const after = newest ? (/^\d{4}-\d\d-\d\dT[\d:.]+$/.test(newest.timestamp) ? newest.timestamp : naiveTimeBefore(newest.timestamp, 0)) : undefined;
  const query = new URLSearchParams(after ? { resend_mode: 'since', after_timestamp: after } : { resend_mode: 'all' });
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/sockets/events/${encodeURIComponent(conversationId)}?${query}`;
}
