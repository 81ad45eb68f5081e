// The stand-in's conversation list, status, stop and follow-up routes of each line, and the control routes that
// change a conversation's status (held to the real servers by test/conformance/conversationList.suite.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, get, post, serve } from '../support/standin/testClient';

const MESSAGE = '{"initial_message":{"role":"user","content":[{"type":"text","text":"hi"}]}}';
const json = <T>(text: string): T => JSON.parse(text) as T;
const control = (url: string, path: string, body: unknown) => post(url, path, JSON.stringify(body));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface V0Page { results: { conversation_id: string; status: string; runtime_status: string | null; url: string | null }[]; next_page_id: string | null }
interface V1Conversation { id: string; sandbox_id: string; sandbox_status: string; execution_status: string | null; conversation_url: string | null; updated_at: string }

async function readyConversation(url: string): Promise<V1Conversation> {
  const task = json<{ id: string }>((await post(url, '/api/v1/app-conversations', MESSAGE)).text);
  for (;;) {
    const [state] = json<{ status: string; app_conversation_id: string | null }[]>((await get(url, `/api/v1/app-conversations/start-tasks?ids=${task.id}`)).text);
    if (state.app_conversation_id) return v1Conversation(url, state.app_conversation_id);
    await sleep(20);
  }
}

async function v1Conversation(url: string, id: string): Promise<V1Conversation> {
  return json<V1Conversation[]>((await get(url, `/api/v1/app-conversations?ids=${id}`)).text)[0];
}

describe('V0 (0.54.0): list, read and stop', () => {
  const v0 = serve({ api: 'v0', controlApi: true });

  it('the list: newest first, pages by a base64 offset, limit 20 by default; a garbage page_id is a 500, limit=x a 422', async () => {
    const { ids } = json<{ ids: string[] }>((await control(v0.url, '/_test/conversations', { count: 3 })).text);
    const first = json<V0Page>((await get(v0.url, '/api/conversations?limit=2')).text);
    assert.deepEqual(first.results.map((c) => c.conversation_id), [ids[2], ids[1]]);
    assert.equal(first.next_page_id, 'Mg==');
    const second = json<V0Page>((await get(v0.url, '/api/conversations?limit=2&page_id=Mg==')).text);
    assert.deepEqual(second.results.map((c) => c.conversation_id), [ids[0]]);
    assert.equal(second.next_page_id, null);
    assert.equal(json<V0Page>((await get(v0.url, '/api/conversations?limit=0')).text).next_page_id, 'MA==');
    assert.equal((await get(v0.url, '/api/conversations?page_id=garbage')).text, 'Internal Server Error');
    assert.equal((await get(v0.url, '/api/conversations?limit=x')).status, 422);
    assert.equal(json<V0Page>((await get(v0.url, '/api/conversations')).text).results.length, 3);
  });

  it('a conversation is STARTING from its creation, with its relative URL and no session key; unknown ids read null', async () => {
    const [id] = json<{ ids: string[] }>((await control(v0.url, '/_test/conversations', { count: 1 })).text).ids;
    const answer = await get(v0.url, `/api/conversations/${id}`);
    assert.match(answer.text, new RegExp(`^\\{"conversation_id":"${id}","title":"Conversation ${id.slice(0, 5)}","last_updated_at":"[^"]+Z","status":"STARTING","runtime_status":null,`));
    assert.match(answer.text, /"num_connections":0,"url":"\/api\/conversations\/[0-9a-f]{32}","session_api_key":null,"created_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z","pr_number":\[\]\}$/);
    assert.equal((await get(v0.url, '/api/conversations/nope')).text, 'null');
  });

  it('stop: STOPPED afterwards; stopping again or an unknown id says it was not running', async () => {
    const [id] = json<{ ids: string[] }>((await control(v0.url, '/_test/conversations', { count: 1 })).text).ids;
    assert.equal((await post(v0.url, `/api/conversations/${id}/stop`, '')).text,
      `{"status":"ok","conversation_id":"${id}","message":"Conversation stopped successfully","conversation_status":"STARTING"}`);
    assert.match((await get(v0.url, `/api/conversations/${id}`)).text, /"status":"STOPPED","runtime_status":null,.*"url":null,/);
    assert.equal((await post(v0.url, '/api/conversations/nope/stop', '')).text,
      '{"status":"ok","conversation_id":"nope","message":"Conversation was not running","conversation_status":"STOPPED"}');
  });

  it('the control route sets status and runtime status; an unknown id is a 404 there', async () => {
    const [id] = json<{ ids: string[] }>((await control(v0.url, '/_test/conversations', { count: 1 })).text).ids;
    assert.equal((await control(v0.url, `/_test/conversations/${id}/status`, { status: 'RUNNING', runtime_status: 'STATUS$READY' })).status, 200);
    assert.match((await get(v0.url, `/api/conversations/${id}`)).text, /"status":"RUNNING","runtime_status":"STATUS\$READY",/);
    assert.equal((await control(v0.url, '/_test/conversations/nope/status', { status: 'RUNNING' })).status, 404);
  });
});

describe('V1 (1.11.0): statuses, pause, follow-up', () => {
  const v1 = serve({ api: 'v1', controlApi: true });
  const mixed = serve({ api: 'mixed', controlApi: true });

  it('seeded conversations page newest first with offsets; they are idle (no message)', async () => {
    const { ids } = json<{ ids: string[] }>((await control(v1.url, '/_test/conversations', { count: 3 })).text);
    const page = json<{ items: V1Conversation[]; next_page_id: string | null }>((await get(v1.url, '/api/v1/app-conversations/search?limit=2')).text);
    assert.deepEqual(page.items.map((c) => c.id), [ids[2], ids[1]]);
    assert.equal(page.next_page_id, '2');
    assert.deepEqual(page.items.map((c) => [c.sandbox_status, c.execution_status]), [['RUNNING', 'idle'], ['RUNNING', 'idle']]);
  });

  it('a run with agent timing: running, then finished on its own; updated_at moves to the end', async () => {
    await control(v1.url, '/_test/agent', { runMs: 150 });
    const started = await readyConversation(v1.url);
    assert.equal(started.execution_status, 'running');
    await sleep(200);
    const ended = await v1Conversation(v1.url, started.id);
    assert.equal(ended.execution_status, 'finished');
    assert.ok(ended.updated_at > started.updated_at);
  });

  it('without agent timing a run goes on until the control route says otherwise', async () => {
    const conversation = await readyConversation(v1.url);
    await sleep(50);
    assert.equal((await v1Conversation(v1.url, conversation.id)).execution_status, 'running');
    await control(v1.url, `/_test/conversations/${conversation.id}/status`, { execution_status: 'waiting_for_confirmation' });
    assert.equal((await v1Conversation(v1.url, conversation.id)).execution_status, 'waiting_for_confirmation');
    await control(v1.url, `/_test/conversations/${conversation.id}/status`, { sandbox_status: 'ERROR' });
    const failed = await v1Conversation(v1.url, conversation.id);
    assert.deepEqual([failed.sandbox_status, failed.execution_status, failed.conversation_url], ['ERROR', null, null]);
  });

  it('pause: the sandbox and its conversations PAUSED, no execution status or URL; resume; an unknown sandbox 404', async () => {
    const conversation = await readyConversation(v1.url);
    assert.equal((await post(v1.url, `/api/v1/sandboxes/${conversation.sandbox_id}/pause`, '')).text, '{"success":true}');
    const paused = await v1Conversation(v1.url, conversation.id);
    assert.deepEqual([paused.sandbox_status, paused.execution_status, paused.conversation_url], ['PAUSED', null, null]);
    const refused = await post(v1.url, `/api/v1/app-conversations/${conversation.id}/send-message`, '{"content":[{"type":"text","text":"x"}]}');
    assert.equal(refused.status, 409);
    assert.equal(refused.text, `{"detail":"Sandbox is PAUSED. Use POST /api/v1/sandboxes/${conversation.sandbox_id}/resume to resume it first."}`);
    assert.equal((await post(v1.url, `/api/v1/sandboxes/${conversation.sandbox_id}/resume`, '')).text, '{"success":true}');
    assert.equal((await v1Conversation(v1.url, conversation.id)).sandbox_status, 'RUNNING');
    assert.equal((await post(v1.url, '/api/v1/sandboxes/nope/pause', '')).text, '{"detail":"Not Found"}');
  });

  it('send-message: 200 and the agent runs again; the real refusals for a missing, empty or wrong-role body and an unknown id', async () => {
    await control(v1.url, '/_test/agent', { runMs: 50 });
    const conversation = await readyConversation(v1.url);
    await sleep(80);
    assert.equal((await v1Conversation(v1.url, conversation.id)).execution_status, 'finished');
    const path = `/api/v1/app-conversations/${conversation.id}/send-message`;
    assert.equal((await post(v1.url, path, '{"content":[{"type":"text","text":"and now?"}]}')).text, '{"success":true,"sandbox_status":"RUNNING","message":null}');
    assert.equal((await v1Conversation(v1.url, conversation.id)).execution_status, 'running');
    assert.equal((await post(v1.url, path, '{}')).text, '{"detail":[{"type":"missing","loc":["body","content"],"msg":"Field required","input":{}}]}');
    assert.equal((await post(v1.url, path, '{"content":[]}')).text,
      '{"detail":[{"type":"too_short","loc":["body","content"],"msg":"List should have at least 1 item after validation, not 0","input":[],"ctx":{"field_type":"List","min_length":1,"actual_length":0}}]}');
    assert.equal((await post(v1.url, path, '{"role":"assistant","content":[{"type":"text","text":"x"}]}')).text,
      '{"detail":[{"type":"literal_error","loc":["body","role"],"msg":"Input should be \'user\'","input":"assistant","ctx":{"expected":"\'user\'"}}]}');
    const unknown = await post(v1.url, `/api/v1/app-conversations/${'0'.repeat(32)}/send-message`, '{"content":[{"type":"text","text":"x"}]}');
    assert.deepEqual([unknown.status, unknown.text], [404, '{"detail":"Conversation 00000000-0000-0000-0000-000000000000 not found"}']);
  });

  it('mixed (1.6.0): pause as on 1.11.0, but no send-message route', async () => {
    await post(mixed.url, '/api/settings', '{"llm_model":"openai/gpt-4o","llm_api_key":"sk-x"}');
    const conversation = await readyConversation(mixed.url);
    assert.equal((await post(mixed.url, `/api/v1/sandboxes/${conversation.sandbox_id}/pause`, '')).status, 200);
    const missing = await post(mixed.url, `/api/v1/app-conversations/${conversation.id}/send-message`, '{"content":[{"type":"text","text":"x"}]}');
    assert.deepEqual([missing.status, missing.text], [404, '{"detail":"Not Found"}']);
    assert.equal((await call(mixed.url, 'GET', '/_test/requests')).status, 200);
  });
});
