// The conversation list, status and stop of each line, raw and through the extension's client, from the state
// the conversation suites left: V0 (0.54.0's /api/conversations) and V1 (search, ?ids=, the sandbox pause and,
// on 1.11.0 only, send-message). The real run to `finished` with the scripted LLM is v1Finish.suite.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fetch as undiciFetch } from 'undici';
import { type FetchFunction, type OpenHandsClient } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import { EXECUTION_STATUSES, SANDBOX_STATUSES } from '../../src/api/v1/conversationList';
import { CONVERSATION_STARTED, assertJson, detail, unprocessable } from './expected';
import { type Client, type Target } from './target';
import { follow, start } from './v1Conversations.suite';

const V0_KEYS = ['conversation_id', 'title', 'last_updated_at', 'status', 'runtime_status', 'selected_repository', 'selected_branch',
  'git_provider', 'trigger', 'num_connections', 'url', 'session_api_key', 'created_at', 'pr_number'];
const V0_STATUSES = ['STARTING', 'RUNNING', 'STOPPED'];
const MESSAGE = '{"content":[{"type":"text","text":"x"}]}';

interface V0Info { conversation_id: string; status: string; url: string | null; created_at: string }
interface V0Page { results: V0Info[]; next_page_id: string | null }
interface AppConversation { id: string; sandbox_id: string; sandbox_status: string; execution_status: string | null; conversation_url: string | null }

/** The extension's client for the target, its API found as the extension finds it. */
export function extensionClient(target: Target): Promise<OpenHandsClient> {
  const credential = sessionCredential(target.apiKey);
  return connectClient({ baseUrl: target.baseUrl, fetch: undiciFetch as unknown as FetchFunction, getCredential: async () => credential, timeoutMs: 30_000 });
}

export function v0ConversationListSuite(client: Client): void {
  const seen: { ids: string[] } = { ids: [] };

  describe('V0 conversation list', () => {
    it('three more conversations; the list newest first, its fields in order, a status of the three, pages by base64 offsets', async () => {
      for (const text of ['one', 'two', 'three']) assertJson(await client.post('/api/conversations', JSON.stringify({ initial_user_msg: text })), 200, CONVERSATION_STARTED);
      const first = await client.get('/api/conversations?limit=2');
      assertJson(first, 200, /^\{"results":\[\{"conversation_id":/);
      const page = JSON.parse(first.text) as V0Page;
      assert.equal(page.next_page_id, Buffer.from('2').toString('base64'));
      const second = JSON.parse((await client.get(`/api/conversations?limit=2&page_id=${page.next_page_id}`)).text) as V0Page;
      const all = [...page.results, ...second.results];
      for (const info of all) {
        assert.deepEqual(Object.keys(info), V0_KEYS);
        assert.ok(V0_STATUSES.includes(info.status), info.status);
      }
      assert.deepEqual(all.map((c) => c.created_at), all.map((c) => c.created_at).sort().reverse(), 'newest first');
      assert.equal(new Set(all.map((c) => c.conversation_id)).size, 4, 'no conversation on two pages');
      seen.ids = all.map((c) => c.conversation_id);
    });

    it('by id: the conversation, null for an unknown one', async () => {
      const answer = await client.get(`/api/conversations/${seen.ids[0]}`);
      assertJson(answer, 200, new RegExp(`^\\{"conversation_id":"${seen.ids[0]}",`));
      assertJson(await client.get('/api/conversations/0123456789abcdef0123456789abcdef'), 200, 'null');
    });

    it('stop: STOPPED afterwards without a URL; an unknown id "was not running"', async () => {
      const answer = await client.post(`/api/conversations/${seen.ids[0]}/stop`, '', { type: null });
      assertJson(answer, 200, new RegExp(`^\\{"status":"ok","conversation_id":"${seen.ids[0]}","message":"Conversation (stopped successfully|was not running)","conversation_status":"(STARTING|RUNNING|STOPPED)"\\}$`));
      const after = JSON.parse((await client.get(`/api/conversations/${seen.ids[0]}`)).text) as V0Info;
      assert.deepEqual([after.status, after.url], ['STOPPED', null]);
      assertJson(await client.post('/api/conversations/nope/stop', '', { type: null }), 200,
        '{"status":"ok","conversation_id":"nope","message":"Conversation was not running","conversation_status":"STOPPED"}');
    });

    it('refusals: limit=x 422 int_parsing, a page_id that is not base64 of a number a plain 500', async () => {
      const notInt = detail('int_parsing', ['query', 'limit'], 'Input should be a valid integer, unable to parse string as an integer', 'x');
      assertJson(await client.get('/api/conversations?limit=x'), 422, unprocessable(notInt));
      const crash = await client.get('/api/conversations?page_id=garbage');
      assert.deepEqual([crash.status, crash.text], [500, 'Internal Server Error']);
    });

    it('the extension\'s client: pages, reads by id and stops, states from the server\'s words', async () => {
      const api = await extensionClient(client.target);
      const page = await api.listConversations({ limit: 3 });
      assert.equal(page.items.length, 3);
      assert.ok(page.nextPageId);
      assert.deepEqual((await api.getConversations([seen.ids[1], 'unknown'])).map((c) => c.id), [seen.ids[1]]);
      await api.stopConversation!(seen.ids[1]);
      assert.equal((await api.getConversations([seen.ids[1]]))[0]?.state, 'stopped');
      assert.equal(api.sendMessage, undefined);
    });
  });
}

export function v1ConversationListSuite(client: Client): void {
  const mixed = client.target.api === 'mixed';

  describe('V1 conversation list, statuses, pause and follow-up', () => {
    it('search pages by offset, newest first; every status one the server publishes; limit=101 422; a garbage page_id reads as 0', async () => {
      // A second conversation, without a message (idle), its sandbox RUNNING before anything acts on it.
      const task = await follow(client, (await start(client, '{}')).id, []);
      assert.equal(task.status, 'READY', String(task.detail));
      const all = await waitForCount(client, 2);
      assert.equal(all[0].id, task.app_conversation_id);
      const first = JSON.parse((await client.get('/api/v1/app-conversations/search?limit=1')).text) as { items: AppConversation[]; next_page_id: string | null };
      assert.deepEqual([first.items.map((c) => c.id), first.next_page_id], [[all[0].id], '1']);
      const second = JSON.parse((await client.get('/api/v1/app-conversations/search?limit=1&page_id=1')).text) as { items: AppConversation[] };
      assert.deepEqual(second.items.map((c) => c.id), [all[1].id]);
      const garbage = JSON.parse((await client.get('/api/v1/app-conversations/search?limit=1&page_id=zz')).text) as { items: AppConversation[] };
      assert.deepEqual(garbage.items.map((c) => c.id), [all[0].id]);
      for (const c of all) {
        assert.ok((SANDBOX_STATUSES as readonly string[]).includes(c.sandbox_status), c.sandbox_status);
        assert.ok(c.execution_status === null || (EXECUTION_STATUSES as readonly string[]).includes(c.execution_status), String(c.execution_status));
      }
      const tooBig = detail('less_than_equal', ['query', 'limit'], 'Input should be less than or equal to 100', '101', { le: 100 });
      assertJson(await client.get('/api/v1/app-conversations/search?limit=101'), 422, unprocessable(tooBig));
    });

    it('pause: the sandbox PAUSED, no execution status or URL; a follow-up then 409 (1.11.0); resume; an unknown sandbox 404', async () => {
      const [newest] = await waitForCount(client, 2);
      assertJson(await client.post(`/api/v1/sandboxes/${newest.sandbox_id}/pause`, '', { type: null }), 200, '{"success":true}');
      const [paused] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${newest.id}`)).text) as AppConversation[];
      assert.deepEqual([paused.sandbox_status, paused.execution_status, paused.conversation_url], ['PAUSED', null, null]);
      if (!mixed) {
        assertJson(await client.post(`/api/v1/app-conversations/${newest.id}/send-message`, MESSAGE), 409,
          `{"detail":"Sandbox is PAUSED. Use POST /api/v1/sandboxes/${newest.sandbox_id}/resume to resume it first."}`);
      }
      assertJson(await client.post(`/api/v1/sandboxes/${newest.sandbox_id}/resume`, '', { type: null }), 200, '{"success":true}');
      assertJson(await client.post('/api/v1/sandboxes/nope/pause', '', { type: null }), 404, '{"detail":"Not Found"}');
    });

    it('send-message refusals (1.11.0): no content, empty content, an unknown conversation; 1.6.0 has no such route', async () => {
      const path = `/api/v1/app-conversations/${'0'.repeat(32)}/send-message`;
      if (mixed) return assertJson(await client.post(path, MESSAGE), 404, '{"detail":"Not Found"}');
      assertJson(await client.post(path, '{}'), 422, unprocessable(detail('missing', ['body', 'content'], 'Field required', {})));
      const tooShort = detail('too_short', ['body', 'content'], 'List should have at least 1 item after validation, not 0', [], { field_type: 'List', min_length: 1, actual_length: 0 });
      assertJson(await client.post(path, '{"content":[]}'), 422, unprocessable(tooShort));
      assertJson(await client.post(path, MESSAGE), 404, '{"detail":"Conversation 00000000-0000-0000-0000-000000000000 not found"}');
    });

    it('the extension\'s client: a page, by id, states from both statuses; follow-ups offered only where the route is', async () => {
      const api = await extensionClient(client.target);
      const page = await api.listConversations({ limit: 1 });
      assert.equal(page.items.length, 1);
      assert.equal(page.nextPageId, '1');
      const [read] = await api.getConversations([page.items[0].id, 'not-a-uuid']);
      assert.equal(read?.id, page.items[0].id);
      assert.notEqual(read?.state, 'unknown', read?.serverStatus);
      assert.equal(typeof api.sendMessage, mixed ? 'undefined' : 'function');
      assert.equal(typeof api.stopConversation, 'function');
    });
  });
}

/** The conversations newest first once the server lists at least `count` (a start reaches READY in seconds). */
async function waitForCount(client: Client, count: number): Promise<AppConversation[]> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const page = JSON.parse((await client.get('/api/v1/app-conversations/search?limit=100')).text) as { items: AppConversation[] };
    if (page.items.length >= count) return page.items;
    assert.ok(Date.now() < deadline, `fewer than ${count} conversations after 240 s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
