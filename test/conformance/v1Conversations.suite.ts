// V1 conversations (/api/v1/app-conversations of 1.7+, and of 1.0-1.6, the mixed line, whose answers have a few
// fields less): a start answers a start task at once; the task is
// followed to its end (READY without a working LLM: the real server's LLM points at a closed port; ERROR with an
// empty detail for a repository start without a provider token); then the conversation by id, search and count.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertJson, detail, unprocessable } from './expected';
import { START_TASK_STATUSES, conversationKeys, echoedRequest } from './expectedV1';
import { type Client, sleep } from './target';

interface Task {
  id: string;
  status: string;
  detail: string | null;
  app_conversation_id: string | null;
  sandbox_id: string | null;
  agent_server_url: string | null;
  created_at: string;
  updated_at: string;
}

const HEX32 = /^[0-9a-f]{32}$/;
/** A real start takes ~20 s here, longer on a loaded machine: generous, and polled once a second. */
const FOLLOW_LIMIT_MS = 240_000;
const MESSAGE = '{"initial_message":{"role":"user","content":[{"type":"text","text":"hello"}]}}';

export async function follow(client: Client, id: string, seen: string[]): Promise<Task> {
  const deadline = Date.now() + FOLLOW_LIMIT_MS;
  for (;;) {
    const answer = await client.get(`/api/v1/app-conversations/start-tasks?ids=${id}`);
    assertJson(answer, 200, /^\[\{/);
    const [task] = JSON.parse(answer.text) as Task[];
    if (seen[seen.length - 1] !== task.status) seen.push(task.status);
    if (task.status === 'READY' || task.status === 'ERROR') return task;
    assert.ok(Date.now() < deadline, `still ${task.status} after ${FOLLOW_LIMIT_MS / 1000} s (seen: ${seen.join(' → ')})`);
    await sleep(1000);
  }
}

export async function start(client: Client, body: string): Promise<Task> {
  const answer = await client.post('/api/v1/app-conversations', body);
  assertJson(answer, 200, /^\{"id":"[0-9a-f]{32}","created_by_user_id":null,"status":"WORKING","detail":null,"app_conversation_id":null,/);
  return JSON.parse(answer.text) as Task;
}

export function v1ConversationsSuite(client: Client): void {
  const ready: { task?: Task } = {};

  describe('V1 conversations: refusals', () => {
    it('initial_message 5: 422 model_attributes_type; no body: 422 missing', async () => {
      const notDict = detail('model_attributes_type', ['body', 'initial_message'], 'Input should be a valid dictionary or object to extract fields from', 5);
      assertJson(await client.post('/api/v1/app-conversations', '{"initial_message":5}'), 422, unprocessable(notDict));
      assertJson(await client.post('/api/v1/app-conversations', ''), 422, unprocessable(detail('missing', ['body'], 'Field required', null)));
    });

    it('start-tasks and conversations by id: ids required, checked as UUIDs, unknown ones null', async () => {
      const missing = unprocessable(detail('missing', ['query', 'ids'], 'Field required', null));
      assertJson(await client.get('/api/v1/app-conversations/start-tasks'), 422, missing);
      assertJson(await client.get('/api/v1/app-conversations'), 422, missing);
      const error = client.target.api === 'mixed'
        ? 'invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `x` at 1' // 1.6.0's pydantic 2.12
        : 'invalid character: found `x` at 0';
      const uuid = detail('uuid_parsing', ['query', 'ids', 0], `Input should be a valid UUID, ${error}`, 'xyz', { error });
      assertJson(await client.get('/api/v1/app-conversations/start-tasks?ids=xyz'), 422, unprocessable(uuid));
      assertJson(await client.get('/api/v1/app-conversations?ids=xyz'), 400, `{"detail":"Invalid UUID format for ids: ['xyz']"}`);
      assertJson(await client.get(`/api/v1/app-conversations/start-tasks?ids=${'0'.repeat(32)}`), 200, '[null]');
      assertJson(await client.get(`/api/v1/app-conversations?ids=${'0'.repeat(32)}`), 200, '[null]');
    });

    it('search?limit=0: 422 greater_than', async () => {
      const tooSmall = detail('greater_than', ['query', 'limit'], 'Input should be greater than 0', '0', { gt: 0 });
      assertJson(await client.get('/api/v1/app-conversations/search?limit=0'), 422, unprocessable(tooSmall));
    });
  });

  describe('V1 conversations: a start followed to its end', () => {
    it('POST: 200, a WORKING start task echoing the request with its defaults, created_at with a Z', async () => {
      const task = await start(client, MESSAGE);
      assert.match(task.id, HEX32);
      assert.match(task.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      const answer = await client.get(`/api/v1/app-conversations/start-tasks?ids=${task.id}`);
      assert.ok(answer.text.includes(`"request":${echoedRequest('hello', client.target.api)}`), answer.text);
      ready.task = task;
    });

    it('followed: through known statuses to READY with an app_conversation_id; the database times have no zone', async () => {
      assert.ok(ready.task, 'no start task');
      const seen: string[] = [];
      const task = await follow(client, ready.task.id, seen);
      assert.deepEqual(seen.filter((s) => !START_TASK_STATUSES.includes(s)), []);
      assert.equal(task.status, 'READY', `ended ${task.status} ${JSON.stringify(task.detail)} (seen: ${seen.join(' → ')})`);
      assert.match(task.app_conversation_id ?? '', HEX32);
      assert.match(task.agent_server_url ?? '', /^http:\/\/localhost:\d+$/);
      assert.match(task.updated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
      ready.task = task;
    });

    it('the conversation by id: its fields in order, RUNNING, its agent server URL, a session key of base62 from 32 random bytes', async () => {
      const task = ready.task;
      assert.ok(task?.app_conversation_id, 'no READY task');
      const answer = await client.get(`/api/v1/app-conversations?ids=${task.app_conversation_id}`);
      assertJson(answer, 200, /^\[\{/);
      const [conversation] = JSON.parse(answer.text) as Record<string, unknown>[];
      assert.deepEqual(Object.keys(conversation), conversationKeys(client.target.api));
      assert.equal(conversation.sandbox_id, task.sandbox_id);
      assert.equal(conversation.sandbox_status, 'RUNNING');
      assert.equal(conversation.title, `Conversation ${task.app_conversation_id.slice(0, 5)}`);
      assert.equal(conversation.conversation_url, `${task.agent_server_url}/api/conversations/${task.app_conversation_id}`);
      // base62.encodebytes(os.urandom(32)) (process_sandbox_service.py): at most 43 characters, and one in about 61
      // keys is shorter (its number below 62^42), as CI met on the real 1.6.0 (42 characters). A leading zero byte (one
      // key in 256) comes first as "0" and a count character (base62.py), as CI met on the real 1.11.0 (44 characters).
      assert.match(String(conversation.session_api_key), /^(?:0[1-9A-Za-z])?[A-Za-z0-9]{30,43}$/);
    });

    it('search and count: the one conversation, no next page', async () => {
      const page = await client.get('/api/v1/app-conversations/search?limit=1');
      assertJson(page, 200, /^\{"items":\[\{/);
      const parsed = JSON.parse(page.text) as { items: { id: string }[]; next_page_id: string | null };
      assert.deepEqual(Object.keys(parsed), ['items', 'next_page_id']);
      assert.deepEqual(parsed.items.map((c) => c.id), [ready.task?.app_conversation_id]);
      assert.equal(parsed.next_page_id, null);
      assertJson(await client.get('/api/v1/app-conversations/count'), 200, '1');
    });

    it('a repository start without a provider token: ERROR with detail "" (the cause is only in the server log)', async () => {
      // The READY task's sandbox is reused, so no second agent server starts (and none races the first for a port).
      const body = { sandbox_id: ready.task?.sandbox_id, selected_repository: 'octocat/hello-world', git_provider: 'github', ...JSON.parse(MESSAGE) };
      const task = await follow(client, (await start(client, JSON.stringify(body))).id, []);
      assert.equal(task.status, 'ERROR');
      assert.equal(task.detail, '');
      assert.equal(task.app_conversation_id, null);
      assertJson(await client.get('/api/v1/app-conversations/count'), 200, '1');
    });
  });
}
