// A V0 conversation's events (0.54.0, server/routes/conversation.py): GET /api/conversations/{id}/events with
// `start_id`, `end_id` (both inclusive), `reverse` and `limit` (≤ 100), answering `{events, has_more}`; ids are
// the event stream's integers, stored as they happen (no lag). Newest pages read in reverse from the end;
// older pages end just before the oldest id held.
import type { EventsReader } from '../client';
import type { ConversationEvent, EventWindow } from '../model/events';
import { expectOk, readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import { V0EventPage } from './eventSchemas';
import { mapV0Event } from './events';

const MAX_PAGE = 100;
/** Pages `since` follows at most in one call (10,000 events). */
const MAX_SINCE_PAGES = 100;

export class V0EventsReader implements EventsReader {
  readonly source = 'app-server' as const;
  private readonly path: string;

  constructor(private readonly transport: Transport, conversationId: string) {
    this.path = `/api/conversations/${encodeURIComponent(conversationId)}/events`;
  }

  latest(limit: number, call?: CallOptions): Promise<EventWindow> {
    return this.backwards(undefined, limit, call);
  }

  older(cursor: string, limit: number, call?: CallOptions): Promise<EventWindow> {
    const before = Number(cursor) - 1;
    if (!Number.isInteger(before) || before < 0) return Promise.resolve({ events: [], olderCursor: null });
    return this.backwards(before, limit, call);
  }

  async since(newest: ConversationEvent | undefined, call?: CallOptions): Promise<readonly ConversationEvent[]> {
    const held = newest ? Number(newest.id) : NaN;
    let start = Number.isInteger(held) && held >= 0 ? held : 0;
    const events: ConversationEvent[] = [];
    for (let pages = 0; pages < MAX_SINCE_PAGES; pages++) {
      const page = await this.page({ start_id: String(start), limit: String(MAX_PAGE) }, call);
      events.push(...page.events);
      const last = Number(page.events.at(-1)?.id);
      if (!page.hasMore || !Number.isInteger(last)) break;
      start = last + 1;
    }
    return events;
  }

  /** The `limit` events up to `endId` (undefined: the newest), newest-first pages turned into time order. */
  private async backwards(endId: number | undefined, limit: number, call?: CallOptions): Promise<EventWindow> {
    const newestFirst: ConversationEvent[] = [];
    let end = endId;
    let wanted = Math.max(1, Math.floor(limit));
    let more = true;
    while (wanted > 0 && more) {
      const query: Record<string, string> = { reverse: 'true', limit: String(Math.min(wanted, MAX_PAGE)) };
      if (end !== undefined) query.end_id = String(end);
      const page = await this.page(query, call);
      newestFirst.push(...page.events);
      wanted -= page.events.length;
      const oldest = Number(page.events.at(-1)?.id);
      more = page.hasMore && Number.isInteger(oldest) && oldest > 0;
      end = oldest - 1;
    }
    const oldestHeld = newestFirst.at(-1)?.id;
    return { events: newestFirst.reverse(), olderCursor: more && oldestHeld !== undefined ? oldestHeld : null };
  }

  private async page(query: Record<string, string>, call: CallOptions | undefined): Promise<{ events: ConversationEvent[]; hasMore: boolean }> {
    const answer = readAnswer(await this.transport.send('GET', `${this.path}?${new URLSearchParams(query)}`, undefined, call), V0EventPage);
    return { events: answer.events.map(mapV0Event), hasMore: answer.has_more };
  }
}

/**
 * 0.54.0's approve/reject: the agent-state change its web UI sends (`change_agent_state` to `user_confirmed` or
 * `user_rejected`), posted to the conversation's events; V0 keeps no reason with it.
 */
export async function confirmV0Action(transport: Transport, conversationId: string, accept: boolean, call?: CallOptions): Promise<void> {
  const body = { action: 'change_agent_state', args: { agent_state: accept ? 'user_confirmed' : 'user_rejected' } };
  expectOk(await transport.send('POST', `/api/conversations/${encodeURIComponent(conversationId)}/events`, body, call));
}
