// Paging a V1 events search as the servers page it: the app server with offsets as text (its `next_page_id`
// "5", "10"), the agent server with the next event's id; newest pages (TIMESTAMP_DESC) turned into time order,
// older pages from the cursor, and the app server's `since` reading again from 35 s before the newest event held.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Transport } from '../../../src/api/http/transport';
import { sessionCredential } from '../../../src/api/http/credential';
import { appServerEvents } from '../../../src/api/v1/appServerEvents';
import { EventsSearchReader, naiveTimeBefore } from '../../../src/api/v1/eventsSearch';
import type { ConversationEvent } from '../../../src/api/model/events';

interface Stored { id: string; timestamp: string; source: string; kind: string; llm_message: unknown }

const stamp = (second: number) => `2026-11-25T06:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}.000100`;
const stored = (count: number): Stored[] => Array.from({ length: count }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, timestamp: stamp(i * 2), source: 'agent', kind: 'MessageEvent',
  llm_message: { role: 'assistant', content: [{ type: 'text', text: `m${i}` }] },
}));

/** Answers events/search like the real servers: filters compared as text, then the page at the cursor. */
function searchFetch(events: Stored[], cursors: 'offset' | 'id', seen: URL[]) {
  return async (url: string): Promise<Response> => {
    const u = new URL(url);
    seen.push(u);
    const q = u.searchParams;
    let list = events.filter((e) => !q.has('timestamp__gte') || e.timestamp >= q.get('timestamp__gte')!);
    if (q.get('sort_order') === 'TIMESTAMP_DESC') list = [...list].reverse();
    const limit = Number(q.get('limit') ?? 100);
    if (limit < 1 || limit > 100) return new Response('{"detail":"limit"}', { status: 422 });
    const pageId = q.get('page_id');
    let start = 0;
    if (pageId !== null) start = cursors === 'offset' ? Number(pageId) : Math.max(0, list.findIndex((e) => e.id === pageId));
    const items = list.slice(start, start + limit);
    const more = start + limit < list.length;
    const next = more ? (cursors === 'offset' ? String(start + limit) : list[start + limit].id) : null;
    return new Response(JSON.stringify({ items, next_page_id: next }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

const transport = (fetch: (url: string) => Promise<Response>) => new Transport({ baseUrl: 'http://127.0.0.1:3000', fetch, getCredential: async () => sessionCredential('k'), timeoutMs: 5000 });
const texts = (events: readonly ConversationEvent[]) => events.map((e) => (e.kind === 'message' ? e.text : e.kind));

describe('V1 events search paging', () => {
  for (const cursors of ['offset', 'id'] as const) {
    it(`reads the newest events in time order, then older pages to the start (${cursors} cursors)`, async () => {
      const seen: URL[] = [];
      const reader = cursors === 'offset'
        ? appServerEvents(transport(searchFetch(stored(250), cursors, seen)), 'c1')
        : new EventsSearchReader({ source: 'agent-server', transport: transport(searchFetch(stored(250), cursors, seen)), path: '/api/conversations/c1/events/search', sinceQuery: () => undefined });
      const latest = await reader.latest(120);
      assert.deepEqual(texts(latest.events), Array.from({ length: 120 }, (_, i) => `m${130 + i}`));
      assert.deepEqual(seen.map((u) => u.searchParams.get('limit')), ['100', '20'], 'pages of at most 100, no more than asked');
      assert.ok(seen.every((u) => u.searchParams.get('sort_order') === 'TIMESTAMP_DESC'));
      assert.ok(latest.olderCursor);
      const older = await reader.older(latest.olderCursor, 100);
      assert.deepEqual(texts(older.events), Array.from({ length: 100 }, (_, i) => `m${30 + i}`));
      const oldest = await reader.older(older.olderCursor!, 100);
      assert.deepEqual(texts(oldest.events), Array.from({ length: 30 }, (_, i) => `m${i}`));
      assert.equal(oldest.olderCursor, null, 'the start reached');
    });
  }

  it('reads a short conversation whole with no older cursor', async () => {
    const reader = appServerEvents(transport(searchFetch(stored(3), 'offset', [])), 'c1');
    assert.deepEqual(await reader.latest(50), { events: (await reader.since(undefined)), olderCursor: null });
    assert.deepEqual(await reader.latest(50).then((w) => texts(w.events)), ['m0', 'm1', 'm2']);
  });

  it('app server: since reads from 35 s before the newest held, naive, and follows next_page_id', async () => {
    const seen: URL[] = [];
    const events = stored(300);
    const reader = appServerEvents(transport(searchFetch(events, 'offset', seen)), 'c 1');
    const newest = (await reader.latest(1)).events[0];
    assert.equal(newest.timestamp, stamp(299 * 2));
    seen.length = 0;
    const again = await reader.since({ ...newest, timestamp: stamp(100) });
    assert.equal(seen[0].pathname, '/api/v1/conversation/c%201/events/search');
    assert.equal(seen[0].searchParams.get('timestamp__gte'), '2026-11-25T06:01:05', 'naive (no Z), to the second, 35 s before');
    assert.equal(seen[0].searchParams.get('sort_order'), 'TIMESTAMP');
    assert.deepEqual(seen.map((u) => u.searchParams.get('page_id')), [null, '100', '200']);
    assert.deepEqual(texts(again), events.filter((e) => e.timestamp >= '2026-11-25T06:01:05').map((e) => (e.llm_message as { content: { text: string }[] }).content[0].text));
    assert.equal(again[0].kind === 'message' && again[0].text, 'm33', 'the overlap window reads the late batch back');
  });

  it('app server answering the bound with a 500 (1.6.0): since reads the same window back from the newest', async () => {
    const seen: URL[] = [];
    const events = stored(300);
    const answer = searchFetch(events, 'offset', seen);
    const failsOnBound = async (url: string) => new URL(url).searchParams.has('timestamp__gte')
      ? new Response('Internal Server Error', { status: 500 })
      : answer(url);
    const reader = appServerEvents(transport(failsOnBound), 'c1');
    const newest = (await reader.latest(1)).events[0];
    seen.length = 0;
    const again = await reader.since({ ...newest, timestamp: stamp(500) });
    assert.deepEqual(texts(again), events.filter((e) => e.timestamp >= '2026-11-25T06:07:45').map((e) => (e.llm_message as { content: { text: string }[] }).content[0].text));
    assert.equal(again[0].kind === 'message' && again[0].text, 'm233', 'from 35 s before the newest held, inclusive');
    assert.deepEqual(seen.map((u) => [u.searchParams.get('sort_order'), u.searchParams.get('page_id')]), [['TIMESTAMP_DESC', null]], 'one newest-first page reaches the bound');
  });

  it('a 500 on a read without a bound is the server failing, passed on', async () => {
    const reader = appServerEvents(transport(async () => new Response('Internal Server Error', { status: 500 })), 'c1');
    await assert.rejects(reader.since(undefined), (error: { status?: number }) => error.status === 500);
  });

  it('since from the start when nothing is held or the time is unreadable', async () => {
    const seen: URL[] = [];
    const reader = appServerEvents(transport(searchFetch(stored(5), 'offset', seen)), 'c1');
    assert.equal((await reader.since(undefined)).length, 5);
    const odd = (await reader.latest(1)).events[0];
    assert.equal((await reader.since({ ...odd, timestamp: 'yesterday' })).length, 5);
    assert.ok(seen.every((u) => !u.searchParams.has('timestamp__gte')));
  });

  it('naive times before, across midnight and days', () => {
    assert.equal(naiveTimeBefore('2026-11-25T00:00:10.123456', 35), '2026-11-24T23:59:35');
    assert.equal(naiveTimeBefore('2026-03-01T00:00:00', 1), '2026-02-28T23:59:59');
    assert.equal(naiveTimeBefore('not a time', 1), undefined);
  });
});
