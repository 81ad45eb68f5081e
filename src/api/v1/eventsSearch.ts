// A V1 conversation's events through an events search route: the app server's copy
// (GET /api/v1/conversation/{id}/events/search) or the sandbox's agent server's
// (GET /api/conversations/{id}/events/search). Both page with `page_id` = the `next_page_id` of the page before:
// an offset as text on the app server, the next event's id on the agent server; both take `limit` 1-100 and
// `sort_order`. Only how `since` picks up after the newest event held differs (the `sinceQuery` given).
import type { EventsReader } from '../client';
import type { ConversationEvent, EventSourceKind, EventWindow } from '../model/events';
import { readAnswer } from '../http/answers';
import { ServerError } from '../http/statusErrors';
import type { CallOptions, Transport } from '../http/transport';
import { EventPage } from './eventSchemas';
import { mapV1Event } from './events';

/** The most either server gives in one page (the agent server answers 500 to 101). */
export const MAX_EVENTS_PAGE = 100;
/** Pages `since` follows at most in one call: 10,000 events, a guard against a server that never ends. */
const MAX_SINCE_PAGES = 100;

export interface EventsSearchRoute {
  readonly source: EventSourceKind;
  readonly transport: Transport;
  /** The search route's path on the transport, e.g. `/api/v1/conversation/<id>/events/search`. */
  readonly path: string;
  /** The query that reads from `newest` on (oldest first); undefined: from the start. */
  sinceQuery(newest: ConversationEvent): Record<string, string> | undefined;
  /**
   * Where the server fails on that query with a 500 (1.6.0's app server compares the bound with its timestamps
   * stored as text), the naive time `since` reads back to instead, in newest-first pages without a filter.
   */
  sinceBoundWithout500?(newest: ConversationEvent): string | undefined;
  /** Options every call of this source gets unless the caller gives its own (short timeouts for the agent server). */
  readonly callDefaults?: CallOptions;
}

interface Page { readonly events: ConversationEvent[]; readonly next: string | null }

export class EventsSearchReader implements EventsReader {
  readonly source: EventSourceKind;

  constructor(private readonly route: EventsSearchRoute) {
    this.source = route.source;
  }

  latest(limit: number, call?: CallOptions): Promise<EventWindow> {
    return this.backwards(undefined, limit, call);
  }

  older(cursor: string, limit: number, call?: CallOptions): Promise<EventWindow> {
    return this.backwards(cursor, limit, call);
  }

  async since(newest: ConversationEvent | undefined, call?: CallOptions): Promise<readonly ConversationEvent[]> {
    const from = newest ? this.route.sinceQuery(newest) : undefined;
    try {
      return await this.forwards(from, call);
    } catch (error) {
      const bound = newest && error instanceof ServerError && error.status === 500 ? this.route.sinceBoundWithout500?.(newest) : undefined;
      if (bound === undefined) throw error;
      return this.backTo(bound, call);
    }
  }

  /** Every event the query `from` selects (undefined: all), oldest first, following the pages. */
  private async forwards(from: Record<string, string> | undefined, call?: CallOptions): Promise<ConversationEvent[]> {
    const events: ConversationEvent[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < MAX_SINCE_PAGES; pages++) {
      const query: Record<string, string> = { ...from, sort_order: 'TIMESTAMP', limit: String(MAX_EVENTS_PAGE) };
      if (cursor !== null) query.page_id = cursor;
      const page = await this.page(query, call);
      events.push(...page.events);
      if (page.next === null || page.next === cursor) break;
      cursor = page.next;
    }
    return events;
  }

  /** The events stamped at `bound` (a naive time to the second) or later, read newest first, in time order. */
  private async backTo(bound: string, call?: CallOptions): Promise<ConversationEvent[]> {
    const newestFirst: ConversationEvent[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < MAX_SINCE_PAGES; pages++) {
      const query: Record<string, string> = { sort_order: 'TIMESTAMP_DESC', limit: String(MAX_EVENTS_PAGE) };
      if (cursor !== null) query.page_id = cursor;
      const page = await this.page(query, call);
      const within = page.events.filter((event) => event.timestamp.slice(0, bound.length) >= bound);
      newestFirst.push(...within);
      if (within.length < page.events.length || page.next === null || page.next === cursor) break;
      cursor = page.next;
    }
    return newestFirst.reverse();
  }

  /** The `limit` events before `cursor` (undefined: the newest), newest-first pages turned into time order. */
  private async backwards(cursor: string | undefined, limit: number, call?: CallOptions): Promise<EventWindow> {
    const newestFirst: ConversationEvent[] = [];
    let next: string | null = cursor ?? null;
    let wanted = Math.max(1, Math.floor(limit));
    do {
      const query: Record<string, string> = { sort_order: 'TIMESTAMP_DESC', limit: String(Math.min(wanted, MAX_EVENTS_PAGE)) };
      if (next !== null) query.page_id = next;
      const page = await this.page(query, call);
      newestFirst.push(...page.events);
      wanted -= page.events.length;
      next = page.events.length > 0 ? page.next : null;
    } while (wanted > 0 && next !== null);
    return { events: newestFirst.reverse(), olderCursor: next };
  }

  private async page(query: Record<string, string>, call: CallOptions | undefined): Promise<Page> {
    const path = `${this.route.path}?${new URLSearchParams(query)}`;
    const answer = readAnswer(await this.route.transport.send('GET', path, undefined, { ...this.route.callDefaults, ...call }), EventPage);
    return { events: answer.items.map(mapV1Event), next: answer.next_page_id ?? null };
  }
}

/** A naive ISO time `seconds` earlier, to the second (`2026-11-25T06:26:15`), or undefined when unreadable. */
export function naiveTimeBefore(timestamp: string, seconds: number): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(timestamp);
  if (!match) return undefined;
  const at = Date.parse(`${match[1]}Z`);
  if (Number.isNaN(at)) return undefined;
  return new Date(at - seconds * 1000).toISOString().slice(0, 19);
}
