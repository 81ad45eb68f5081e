// A fake events source for the follow's tests: it holds the events its server has now (tests add to them as
// time goes), records every call with the fake clock's time, fails or hangs when told, and pushes through a
// stream where it has one.
import type { CallOptions, EventStream, EventStreamHandlers, EventsReader } from '../../../src/api/client';
import type { ConversationEvent, EventSourceKind, EventWindow } from '../../../src/api/model/events';
import type { FakeClock } from '../../support/fakeClock';

export interface Call { readonly method: string; readonly at: number; readonly from?: string }

export class FakeReader implements EventsReader {
  readonly calls: Call[] = [];
  /** What the server has now, in time order. */
  held: ConversationEvent[] = [];
  failure: Error | undefined;
  hang = false;
  readonly signals: AbortSignal[] = [];

  constructor(readonly source: EventSourceKind, protected readonly clock: FakeClock) {}

  latest(limit: number, call?: CallOptions): Promise<EventWindow> {
    return this.answer('latest', call, undefined, () => {
      const start = Math.max(0, this.held.length - limit);
      return { events: this.held.slice(start), olderCursor: start > 0 ? String(start) : null };
    });
  }

  older(cursor: string, limit: number, call?: CallOptions): Promise<EventWindow> {
    return this.answer('older', call, cursor, () => {
      const end = Number(cursor);
      const start = Math.max(0, end - limit);
      return { events: this.held.slice(start, end), olderCursor: start > 0 ? String(start) : null };
    });
  }

  since(newest: ConversationEvent | undefined, call?: CallOptions): Promise<readonly ConversationEvent[]> {
    return this.answer('since', call, newest?.id, () => this.held.filter((e) => !newest || e.timestamp >= newest.timestamp));
  }

  private answer<T>(method: string, call: CallOptions | undefined, from: string | undefined, result: () => T): Promise<T> {
    this.calls.push({ method, at: this.clock.now(), ...(from === undefined ? {} : { from }) });
    if (call?.signal) this.signals.push(call.signal);
    if (this.hang) {
      return new Promise((_, reject) => call?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    return this.failure ? Promise.reject(this.failure) : Promise.resolve(result());
  }
}

export interface FakeStream extends EventStream {
  readonly from: string | undefined;
  readonly handlers: EventStreamHandlers;
  closed: boolean;
}

/** An agent server's reader with a websocket-like stream. */
export class StreamingReader extends FakeReader {
  readonly streams: FakeStream[] = [];

  stream(newest: ConversationEvent | undefined, handlers: EventStreamHandlers): EventStream {
    this.calls.push({ method: 'stream', at: this.clock.now() });
    const stream: FakeStream = { from: newest?.id, handlers, closed: false, close: () => { stream.closed = true; } };
    this.streams.push(stream);
    return stream;
  }

  /** The server has a new event and pushes it to each open stream. */
  push(event: ConversationEvent): void {
    this.held.push(event);
    for (const stream of this.streams) if (!stream.closed) stream.handlers.onEvent(event);
  }

  /** The server ends each open stream (with `error`: a failure). */
  drop(error?: Error): void {
    for (const stream of this.open) {
      stream.closed = true;
      stream.handlers.onClose(error);
    }
  }

  get open(): FakeStream[] { return this.streams.filter((s) => !s.closed); }
}
