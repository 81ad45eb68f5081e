// What the extension reads of a V1 conversation's events (1.11.0 and 1.6.0): the person's first message, from
// GET /api/v1/conversation/{id}/events/search filtered to MessageEvents, oldest first: the fields read (source,
// llm_message.content's text parts), the order, the offset paging, an unknown conversation, the key. Run after
// v1Conversations.suite.ts, on its conversation started with "hello". The real app server gets its events from the
// agent server by webhook, in batches up to 30 s late: the first read waits for them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extensionClient } from './conversationList.suite';
import { UNAUTHORIZED, assertJson } from './expected';
import { type Client, sleep } from './target';
import { zipEntries } from '../support/zipEntries';
import { conversationKey } from '../../src/api/model/conversations';

interface Event { id: string; timestamp: string; source: string; kind: string; llm_message?: { role: string; content: { type: string; text?: string }[] } }
interface Page { items: Event[]; next_page_id: string | null }

const WAIT_MS = 120_000;
const FIRST_MESSAGES = 'kind__eq=MessageEvent&sort_order=TIMESTAMP&limit=5';

async function oldest(client: Client): Promise<string> {
  const page = JSON.parse((await client.get('/api/v1/app-conversations/search?limit=100')).text) as { items: { id: string }[] };
  const id = page.items.at(-1)?.id;
  assert.ok(id, 'no conversation: v1Conversations.suite.ts runs first');
  return id;
}

async function messages(client: Client, id: string): Promise<Page> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const answer = await client.get(`/api/v1/conversation/${id}/events/search?${FIRST_MESSAGES}`);
    assertJson(answer, 200, /^\{"items":\[/);
    const page = JSON.parse(answer.text) as Page;
    if (page.items.some((e) => e.source === 'user')) return page;
    assert.ok(Date.now() < deadline, `no user MessageEvent after ${WAIT_MS / 1000} s: ${answer.text.slice(0, 300)}`);
    await sleep(2000);
  }
}

export function v1EventsSuite(client: Client): void {
  const seen: { id?: string } = {};

  describe('V1 events: the person\'s first message', () => {
    it('MessageEvents oldest first: the first from the user, kind MessageEvent, its text in llm_message.content', async (t) => {
      seen.id = await oldest(client);
      const started = Date.now();
      const page = await messages(client, seen.id);
      t.diagnostic(`the user's MessageEvent in the app server after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      assert.deepEqual(Object.keys(page), ['items', 'next_page_id']);
      assert.equal(page.next_page_id, null);
      assert.ok(page.items.every((e) => e.kind === 'MessageEvent'));
      const stamps = page.items.map((e) => e.timestamp);
      assert.deepEqual(stamps, [...stamps].sort(), 'oldest first');
      const first = page.items.find((e) => e.source === 'user');
      assert.match(first?.timestamp ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/, 'a naive time');
      assert.deepEqual(first?.llm_message?.content.map((c) => [c.type, c.text]), [['text', 'hello']]);
    });

    it('paged by an offset as a string; TIMESTAMP_DESC the other way; a page_id that is no number a plain 500', async () => {
      const path = `/api/v1/conversation/${seen.id}/events/search`;
      const first = JSON.parse((await client.get(`${path}?limit=1`)).text) as Page;
      assert.equal(first.next_page_id, '1');
      const second = JSON.parse((await client.get(`${path}?limit=1&page_id=1`)).text) as Page;
      assert.ok(second.items[0]!.timestamp >= first.items[0]!.timestamp);
      const newest = JSON.parse((await client.get(`${path}?limit=1&sort_order=TIMESTAMP_DESC`)).text) as Page;
      assert.ok(newest.items[0]!.timestamp >= second.items[0]!.timestamp);
      const crash = await client.get(`${path}?page_id=x`);
      assert.deepEqual([crash.status, crash.text], [500, 'Internal Server Error']);
    });

    it('an unknown conversation: no events; no key: 401', async () => {
      assertJson(await client.get(`/api/v1/conversation/${'0'.repeat(32)}/events/search?${FIRST_MESSAGES}`), 200, '{"items":[],"next_page_id":null}');
      const unauthorized = await client.request('GET', `/api/v1/conversation/${seen.id}/events/search?${FIRST_MESSAGES}`, { key: null });
      assertJson(unauthorized, 401, UNAUTHORIZED);
    });

    it('events/count: a bare integer under the same filters; an unknown kind a 422 (literal_error) there and in search', async () => {
      const base = `/api/v1/conversation/${seen.id}/events`;
      const page = JSON.parse((await client.get(`${base}/search?${FIRST_MESSAGES}`)).text) as Page;
      const first = page.items.find((e) => e.source === 'user')!;
      const before = await client.get(`${base}/count?kind__eq=MessageEvent&timestamp__lt=${encodeURIComponent(first.timestamp)}`);
      // 1.6.0 counts a filtered search through its page iterator, which fails: a plain 500 (seen on the real one).
      if (client.target.api === 'mixed') assert.deepEqual([before.status, before.text], [500, 'Internal Server Error']);
      else assertJson(before, 200, String(page.items.filter((e) => e.timestamp < first.timestamp).length));
      assert.match((await client.get(`${base}/count`)).text, /^[1-9]\d*$/);
      for (const route of ['search', 'count']) {
        const answer = await client.get(`${base}/${route}?kind__eq=NoSuchEvent`);
        assert.equal(answer.status, 422, answer.text);
        const [detail] = (JSON.parse(answer.text) as { detail: { type: string; loc: string[]; msg: string; input: string }[] }).detail;
        assert.deepEqual([detail.type, detail.loc, detail.input], ['literal_error', ['query', 'kind__eq'], 'NoSuchEvent']);
        assert.match(detail.msg, /^Input should be 'ServerErrorEvent'|^Input should be 'ACPToolCallEvent', .* or 'PauseEvent'$/);
      }
    });

    it('events?id=…: the asked events in that order, null for an unknown one; a non-UUID id a plain 500', async () => {
      const base = `/api/v1/conversation/${seen.id}/events`;
      const [one, two] = (JSON.parse((await client.get(`${base}/search?limit=2`)).text) as Page).items;
      const unknown = '0'.repeat(8) + '-0000-4000-8000-' + '0'.repeat(12);
      const batch = await client.get(`${base}?id=${two.id}&id=${unknown}&id=${one.id}`);
      assert.equal(batch.status, 200, batch.text);
      assert.deepEqual(JSON.parse(batch.text), [two, null, one]);
      const crash = await client.get(`${base}?id=x`);
      assert.deepEqual([crash.status, crash.text], [500, 'Internal Server Error']);
    });

    it('download: the conversation\'s zip, meta.json then each event in order; an unknown conversation a 404', async () => {
      const dashed = (hex: string) => hex.replace(/-/g, '').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
      const count = Number((await client.get(`/api/v1/conversation/${seen.id}/events/count`)).text);
      const answer = await fetch(`${client.target.baseUrl}/api/v1/app-conversations/${seen.id}/download`, { headers: { 'X-Session-API-Key': client.target.apiKey ?? '' } });
      assert.equal(answer.status, 200);
      assert.deepEqual([answer.headers.get('content-type'), answer.headers.get('content-disposition')], ['application/zip', `attachment; filename="conversation_${dashed(seen.id!)}.zip"`]);
      const entries = zipEntries(Buffer.from(await answer.arrayBuffer()));
      // 1.11.0 writes meta.json first; 1.6.0 zips a folder in the order the file system lists it.
      if (client.target.api !== 'mixed') assert.equal(entries[0].name, 'meta.json');
      const meta = entries.find((entry) => entry.name === 'meta.json');
      assert.equal(String((JSON.parse(meta?.text ?? '{}') as { id?: string }).id).replace(/-/g, ''), seen.id!.replace(/-/g, ''));
      const events = entries.filter((entry) => entry !== meta).sort((a, b) => (a.name < b.name ? -1 : 1));
      assert.ok(events.length >= count, `${events.length} events in the zip, ${count} counted before`);
      events.forEach((entry, i) => {
        const event = JSON.parse(entry.text) as Event;
        assert.equal(entry.name, `event_${String(i).padStart(6, '0')}_${event.id}.json`);
      });
      const stamps = events.map((entry) => (JSON.parse(entry.text) as Event).timestamp);
      assert.deepEqual(stamps, [...stamps].sort(), 'oldest first');
      const unknown = '1'.repeat(32);
      assertJson(await client.get(`/api/v1/app-conversations/${unknown}/download`), 404, `{"detail":"Conversation not found: ${dashed(unknown)}"}`);
    });

    it('the extension\'s client: the first message; none for an unknown conversation', async () => {
      const api = await extensionClient(client.target);
      assert.equal(await api.firstMessage?.(seen.id!), 'hello');
      assert.equal(await api.firstMessage?.('0'.repeat(32)), undefined);
      // The same first message from the starts (start-tasks/search keeps each start's request): one request for all.
      assert.equal((await api.startMessages?.())?.get(conversationKey(seen.id!)), 'hello');
    });
  });
}
