// A conversation's events pushed by an agent server spoken to directly, over its session socket
// (`/sockets/session/{id}`, 1.50.1 and later; sessionFrames.ts reads the frames). The key goes in the first
// message, never in the URL. The first connection is live-only (no `after_seq`): the caller has just read the
// events by REST, so the events stored between that read and the connection are read again once the server says
// where it stands (`catchUp`, merged by id). A dropped connection resumes with `after_seq` = the last seq read:
// nothing lost, nothing twice; only when the server cannot be reached again is the stream closed with the error
// (the follow then reads by REST until it comes back). A server without the route (the upgrade refused) gets the
// older `/sockets/events/{id}` (`fallback`).
import type { EventStream, EventStreamHandlers } from '../client';
import type { ConversationEvent } from '../model/events';
import type { ApiError } from '../http/apiError';
import { NotFoundError, UnauthorizedError } from '../http/statusErrors';
import { BadResponseError } from '../http/transportErrors';
import { openWebSocket, type WebSocketConnection } from '../http/webSocket';
import { parseJson } from '../http/transport';
import { l10n } from '../../base/l10n';
import { ConversationGoneError } from '../agentRefusals';
import type { AgentAddress } from './agentReach';
import { SessionFrameReader } from './sessionFrames';

const NORMAL_CLOSE = 1000;
/** A local agent server upgrades at once; a paused one never answers. */
const OPEN_TIMEOUT_MS = 4000;
/** The waits before each attempt to resume after a drop (about 7.5 s in all: a restarted server takes ~30 s). */
export const RESUME_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

export interface SessionStreamOptions {
  readonly signal?: AbortSignal;
  /** The events from `newest` on, by REST: what a live-only connection missed before it began. */
  readonly catchUp: (newest: ConversationEvent | undefined) => Promise<readonly ConversationEvent[]>;
  /** The older socket, for a server without this one. */
  readonly fallback: () => EventStream;
  readonly resumeDelaysMs?: readonly number[];
}

export function agentSessionStream(
  address: AgentAddress, conversationId: string, newest: ConversationEvent | undefined, handlers: EventStreamHandlers, options: SessionStreamOptions,
): EventStream {
  return new SessionStream(address, conversationId, newest, handlers, options);
}

class SessionStream implements EventStream {
  private readonly reader: SessionFrameReader;
  private connection: WebSocketConnection | undefined;
  private older: EventStream | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private ended = false;

  constructor(
    private readonly address: AgentAddress, private readonly conversationId: string, private readonly newest: ConversationEvent | undefined,
    private readonly handlers: EventStreamHandlers, private readonly options: SessionStreamOptions,
  ) {
    // With nothing held there is nothing to miss: the whole log, from its start.
    this.reader = new SessionFrameReader(handlers, () => void this.catchUp(), newest === undefined ? -1 : undefined);
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
    this.connect(this.reader.cursor);
  }

  close(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.connection?.close();
    this.older?.close();
  }

  private connect(afterSeq: number | undefined): void {
    const url = sessionUrl(this.address.baseUrl, this.conversationId, afterSeq);
    let opened = false;
    this.connection = openWebSocket(url, {
      signal: this.options.signal,
      openTimeoutMs: OPEN_TIMEOUT_MS,
      onOpen: (send) => { opened = true; if (this.address.key) send(JSON.stringify({ type: 'auth', session_api_key: this.address.key })); },
      onText: (text) => {
        if (this.ended) return;
        this.failures = 0;
        const parsed = parseJson(text);
        if (parsed.ok) this.reader.read(parsed.value);
      },
      onClose: (code, _reason, error) => this.closed(url, opened, code, error),
    });
  }

  private closed(url: string, opened: boolean, code: number, error: ApiError | undefined): void {
    if (this.ended) return;
    this.reader.dropped();
    const refused = !opened && (error instanceof UnauthorizedError || error instanceof NotFoundError);
    if (refused) { this.older = this.options.fallback(); return; } // no such route here: the older socket
    const request = { method: 'GET', path: new URL(url).pathname, baseUrl: this.address.baseUrl };
    if (code === NORMAL_CLOSE && !error) return this.end();
    if (code === 4001) return this.end(new UnauthorizedError(request, 401, this.address.key ? 'session' : undefined));
    if (code === 4004) return this.end(new ConversationGoneError(request));
    const delays = this.options.resumeDelaysMs ?? RESUME_DELAYS_MS;
    if (this.failures >= delays.length) {
      // The server's reason is its own text: only the code is shown.
      return this.end(error ?? new BadResponseError(request, l10n.t('the agent server closed the event stream (code {0})', String(code))));
    }
    this.timer = setTimeout(() => { if (!this.ended) this.connect(this.reader.cursor); }, delays[this.failures++]);
  }

  /** A live-only connection began: what was stored before it, since the newest event the caller held. */
  private async catchUp(): Promise<void> {
    try {
      const events = await this.options.catchUp(this.newest);
      if (!this.ended) for (const event of events) this.handlers.onEvent(event);
    } catch {
      // The stream stays; the follow's next read by REST (on a drop, at the run's end) brings them.
    }
  }

  private end(error?: Error): void {
    this.ended = true;
    this.handlers.onClose(error);
  }
}

/** The socket's URL: the agent server's root with ws(s), the conversation's id, and where to resume from. */
export function sessionUrl(baseUrl: string, conversationId: string, afterSeq: number | undefined): string {
  const base = new URL(baseUrl);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = afterSeq === undefined ? '' : `?after_seq=${afterSeq}`;
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/sockets/session/${encodeURIComponent(conversationId)}${query}`;
}
