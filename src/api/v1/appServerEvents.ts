// The app server's copy of a V1 conversation's events (1.11.0 and the mixed 1.6 line):
// GET /api/v1/conversation/{id}/events/search. They reach it by webhook in batches up to ~30 s after the agent
// made them, keeping their own earlier timestamps (openhands-v1-work.md §3), so `since` reads again from a while
// before the newest event held: the server compares its naive timestamps as text, so the bound is sent naive.
// 1.6.0's app server answers that bound with a 500 (it compares a datetime with text): `since` then reads the same
// window newest first, without a filter.
import type { EventsReader } from '../client';
import type { Transport } from '../http/transport';
import { EventsSearchReader, naiveTimeBefore } from './eventsSearch';

/** How far before the newest event held `since` reads again: the batches' ~30 s delay, and a margin. */
export const APP_SERVER_OVERLAP_SECONDS = 35;

export function appServerEvents(transport: Transport, conversationId: string): EventsReader {
  return new EventsSearchReader({
    source: 'app-server',
    transport,
    path: `/api/v1/conversation/${encodeURIComponent(conversationId)}/events/search`,
    sinceQuery: (newest) => {
      const from = naiveTimeBefore(newest.timestamp, APP_SERVER_OVERLAP_SECONDS);
      return from === undefined ? undefined : { timestamp__gte: from };
    },
    // 1.6.0 fails on the bound (500): the same window, read back from the newest.
    sinceBoundWithout500: (newest) => naiveTimeBefore(newest.timestamp, APP_SERVER_OVERLAP_SECONDS),
  });
}
