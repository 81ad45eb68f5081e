// Conversations on an agent server: each request's shape against a loopback server answering as the real
// 1.58.2 does (the answers recorded in docs of openhands-agent-server.md), and the statuses in the model's words.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { ValidationError } from '../../../src/api/http/statusErrors';
import { agentSummary } from '../../../src/api/agent/conversationSummary';
import { ConversationInfo } from '../../../src/api/agent/schemas';
import { agentLoopback, agentSettingsAnswer, conversationInfo, type AgentHandler, type Exchange } from '../../support/agentAnswers';
import type { LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const AGENT: ServerApi = { version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent', sendsMessages: true, providerTokens: null, changes: null, fileText: false };
const ID = '70b53cb3-1074-4cf7-aaba-2a91e90c623e';
const TOKEN = 'gAAAAABrD6uX38Ed_jC6-encrypted';

/** The real server's answers for what these tests ask; `{"success": true}` for the conversation actions. */
const realAnswers: AgentHandler = ({ method, url, headers, body }) => {
  if (url === '/api/file/home') return { status: 200, body: { home: '/home/u', favorites: [], locations: [{ label: '/', path: '/' }] } };
  if (url === '/api/settings') return { status: 200, body: agentSettingsAnswer(headers['x-expose-secrets'] === 'encrypted' ? TOKEN : '**********') };
  if (method === 'POST' && url === '/api/conversations') {
    const sent = body as { conversation_id: string; workspace: { working_dir: string } };
    return { status: 201, body: conversationInfo(sent.conversation_id, { workspace: { working_dir: sent.workspace.working_dir, kind: 'LocalWorkspace' } }) };
  }
  if (url.startsWith('/api/conversations/search')) return { status: 200, body: { items: [conversationInfo(ID, { title: 'Fix the tests', execution_status: 'running' })], next_page_id: 'p2' } };
  if (url.startsWith('/api/conversations?')) return { status: 200, body: [conversationInfo(ID, { execution_status: 'paused' }), null] };
  return { status: 200, body: { success: true } };
};

async function clientOn(handler: AgentHandler = realAnswers) {
  const { server, exchanges } = await agentLoopback(handler);
  servers.push(server);
  const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT);
  return { client, exchanges };
}

const lines = (exchanges: readonly Exchange[]) => exchanges.map((e) => `${e.method} ${e.url}`);

describe('agent server conversations: starts', () => {
  it('starts with the stored agent, read encrypted and sent with secrets_encrypted, in a folder of its own, with the message', async () => {
    const { client, exchanges } = await clientOn();
    const started = await client.createConversation({ initial_user_msg: 'Fix the tests', repository: null });
    const settingsRead = exchanges.find((e) => e.url === '/api/settings')!;
    assert.equal(settingsRead.headers['x-expose-secrets'], 'encrypted');
    assert.equal(settingsRead.headers['x-session-api-key'], 'server-key');
    const post = exchanges.find((e) => e.method === 'POST')!.body as Record<string, unknown>;
    const id = post.conversation_id as string;
    const folder = `/home/u/.openhands/workspaces/${id}`;
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(started.conversation_id, id);
    assert.deepEqual(post.workspace, { working_dir: folder });
    assert.equal(post.secrets_encrypted, true);
    assert.equal((post.agent_settings as { llm: { api_key: string } }).llm.api_key, TOKEN);
    assert.equal((post.agent_settings as { llm: { stream: boolean } }).llm.stream, true, 'the words come as the model writes them');
    assert.equal(post.max_iterations, 500);
    assert.equal(post.confirmation_policy, undefined, 'confirmation mode is off in the stored settings');
    // The task goes once the folder is a repository of its own (a server whose home is one inits none).
    assert.equal(post.initial_message, undefined);
    assert.deepEqual(lines(exchanges), [
      'GET /api/settings', 'GET /api/file/home', 'POST /api/conversations',
      `POST /api/conversations/${id}/bash/execute_bash_command`, `POST /api/conversations/${id}/events`,
    ]);
    assert.deepEqual(exchanges[3]!.body, { command: 'git init -q', cwd: folder, timeout: 30 });
    assert.deepEqual(exchanges[4]!.body, { role: 'user', content: [{ type: 'text', text: 'Fix the tests' }], run: true });
  });

  it('a start cut short after the server took it (its task refused, a cancel) is deleted: nothing is left on the server', async () => {
    const refused = await clientOn((exchange) => (exchange.url.endsWith('/events') ? { status: 500, body: { detail: 'boom' } } : realAnswers(exchange)));
    await assert.rejects(refused.client.createConversation({ initial_user_msg: 'Fix the tests' }));
    const id = (refused.exchanges[2]!.body as { conversation_id: string }).conversation_id;
    assert.equal(lines(refused.exchanges).at(-1), `DELETE /api/conversations/${id}`);

    const controller = new AbortController();
    const cancelled = await clientOn((exchange) => {
      if (exchange.url.endsWith('/execute_bash_command')) controller.abort();
      return realAnswers(exchange);
    });
    await assert.rejects(cancelled.client.createConversation({ initial_user_msg: 'Fix the tests' }, { signal: controller.signal }), (e: Error) => e.name === 'CancelledError');
    const cancelledId = (cancelled.exchanges[2]!.body as { conversation_id: string }).conversation_id;
    assert.deepEqual(lines(cancelled.exchanges).slice(3), [`POST /api/conversations/${cancelledId}/bash/execute_bash_command`, `DELETE /api/conversations/${cancelledId}`]);
  });

  it('two starts get two folders; the home folder is asked once', async () => {
    const { client, exchanges } = await clientOn();
    await client.createConversation({ initial_user_msg: 'a' });
    await client.createConversation({});
    const posts = exchanges.filter((e) => e.method === 'POST' && e.url === '/api/conversations').map((e) => e.body as { workspace: { working_dir: string }; initial_message?: unknown });
    assert.notEqual(posts[0]!.workspace.working_dir, posts[1]!.workspace.working_dir);
    assert.ok(!exchanges.some((e) => e.url === `/api/conversations/${(posts[1] as unknown as { conversation_id: string }).conversation_id}/events`), 'no message: it starts idle, for a task sent later');
    assert.equal(exchanges.filter((e) => e.url === '/api/file/home').length, 1);
  });

  it('confirmation mode stored: the start asks to confirm every action; instructions become the system message suffix', async () => {
    const { client, exchanges } = await clientOn((exchange) => (exchange.url === '/api/settings'
      ? { status: 200, body: { ...agentSettingsAnswer(TOKEN), conversation_settings: { max_iterations: 30, confirmation_mode: true } } }
      : realAnswers(exchange)));
    await client.createConversation({ initial_user_msg: 'x', conversation_instructions: 'Be brief.' });
    const post = exchanges.find((e) => e.method === 'POST')!.body as Record<string, unknown>;
    assert.deepEqual(post.confirmation_policy, { kind: 'AlwaysConfirm' });
    assert.equal(post.max_iterations, 30);
    assert.equal((post.agent_settings as { agent_context: { system_message_suffix: string } }).agent_context.system_message_suffix, 'Be brief.');
  });

  it('a repository to clone has no counterpart here: refused before any request, never dropped', async () => {
    const { client, exchanges } = await clientOn();
    await assert.rejects(client.createConversation({ initial_user_msg: 'x', repository: 'o/r' }), ValidationError);
    assert.equal(exchanges.length, 0);
  });

  it('the client says it clones no repository, so the pre-flight offers no Push and Start; the app server\'s lines say nothing', async () => {
    const { client } = await clientOn();
    assert.equal(client.clonesRepository, false);
    const options = { baseUrl: 'http://127.0.0.1:9', fetch: (u: string, init: RequestInit) => fetch(u, init), getCredential: async () => undefined, timeoutMs: 5000 };
    assert.equal(createClient(options, { version: '1.11.0', settings: 'v1', conversations: 'v1' }).clonesRepository, undefined);
    assert.equal(createClient(options).clonesRepository, undefined);
  });

  it('the client says its conversations go on after an error (a run a restart cut off); the app server\'s lines say nothing', async () => {
    const { client } = await clientOn();
    assert.equal(client.goesOnAfterError, true);
    const options = { baseUrl: 'http://127.0.0.1:9', fetch: (u: string, init: RequestInit) => fetch(u, init), getCredential: async () => undefined, timeoutMs: 5000 };
    assert.equal(createClient(options, { version: '1.11.0', settings: 'v1', conversations: 'v1' }).goesOnAfterError, undefined);
    assert.equal(createClient(options).goesOnAfterError, undefined);
  });
});

describe('agent server conversations: the list and the actions', () => {
  it('by state: `search?status=` for each execution status that reads as a state asked for, one after the other, paged', async () => {
    const { client, exchanges } = await clientOn(({ url }) => {
      const query = new URL(url, 'http://x').searchParams;
      const status = query.get('status') ?? '';
      const second = query.get('page_id') === 'p2';
      return { status: 200, body: { items: [conversationInfo(`${status}-${second ? 2 : 1}`, { execution_status: status })], next_page_id: status === 'idle' && !second ? 'p2' : null } };
    });
    assert.ok(client.listByState);
    const seen: string[] = [];
    let pageId: string | undefined;
    do {
      const page = await client.listByState({ states: ['waiting', 'paused'], limit: 20, ...(pageId ? { pageId } : {}) });
      seen.push(...page.items.map((c) => `${c.id}:${c.state}`));
      pageId = page.nextPageId ?? undefined;
    } while (pageId);
    assert.deepEqual(seen, ['idle-1:waiting', 'idle-2:waiting', 'paused-1:paused', 'waiting_for_confirmation-1:waiting']);
    assert.deepEqual(exchanges.map((e) => e.url), [
      '/api/conversations/search?limit=20&sort_order=UPDATED_AT_DESC&status=idle',
      '/api/conversations/search?limit=20&sort_order=UPDATED_AT_DESC&page_id=p2&status=idle',
      '/api/conversations/search?limit=20&sort_order=UPDATED_AT_DESC&status=paused',
      '/api/conversations/search?limit=20&sort_order=UPDATED_AT_DESC&status=waiting_for_confirmation',
    ]);
  });

  it('by state: a state with no execution status on this line (starting) lists nothing, with no request', async () => {
    const { client, exchanges } = await clientOn();
    assert.deepEqual(await client.listByState!({ states: ['starting'], limit: 20 }), { items: [], nextPageId: null });
    assert.equal(exchanges.length, 0);
  });

  it('lists search pages by last update, paged by page_id; reads ?ids= leaving unknown ids out', async () => {
    const { client, exchanges } = await clientOn();
    const page = await client.listConversations({ pageId: 'p1', limit: 500 });
    assert.deepEqual(page.items.map((c) => [c.title, c.state, c.serverStatus]), [['Fix the tests', 'running', 'running']]);
    assert.equal(page.nextPageId, 'p2');
    const found = await client.getConversations([ID, '00000000-0000-0000-0000-000000000000']);
    assert.deepEqual(found.map((c) => [c.id, c.state]), [[ID, 'paused']]);
    assert.deepEqual(lines(exchanges), [
      'GET /api/conversations/search?limit=100&sort_order=UPDATED_AT_DESC&page_id=p1',
      `GET /api/conversations?ids=${ID}&ids=00000000-0000-0000-0000-000000000000`,
    ]);
  });

  it('stop interrupts, then pauses; resume runs; a follow-up runs; rename patches the title; delete deletes', async () => {
    const { client, exchanges } = await clientOn();
    assert.equal(client.stopLeaves, 'paused');
    await client.stopConversation!(ID);
    await client.resumeConversation!(ID);
    await client.sendMessage!(ID, { text: 'and the docs' });
    await client.renameConversation!(ID, 'New title');
    await client.deleteConversation!(ID);
    assert.deepEqual(lines(exchanges), [
      `POST /api/conversations/${ID}/interrupt`, `POST /api/conversations/${ID}/pause`, `POST /api/conversations/${ID}/run`,
      `POST /api/conversations/${ID}/events`, `PATCH /api/conversations/${ID}`, `DELETE /api/conversations/${ID}`,
    ]);
    assert.deepEqual(exchanges[3]!.body, { role: 'user', content: [{ type: 'text', text: 'and the docs' }], run: true });
    assert.deepEqual(exchanges[4]!.body, { title: 'New title' });
  });

  it('offers no title search or count (the server has no title filter), no app-server copy of events', async () => {
    const { client } = await clientOn();
    assert.equal(client.searchConversations, undefined);
    assert.equal(client.countConversations, undefined);
    assert.equal(client.events, undefined);
    assert.equal(typeof client.agentServer, 'function');
    assert.equal(typeof client.confirmAction, 'function');
  });
});

describe('agentSummary', () => {
  it('each execution status in the model\'s words; an untitled one by V1\'s placeholder; a new word unknown', () => {
    const states = ['idle', 'running', 'paused', 'waiting_for_confirmation', 'finished', 'error', 'stuck', 'deleting', 'dreaming']
      .map((status) => agentSummary(ConversationInfo().parse(conversationInfo(ID, { execution_status: status }))).state);
    assert.deepEqual(states, ['waiting', 'running', 'paused', 'waiting', 'finished', 'error', 'error', 'stopped', 'unknown']);
    assert.equal(agentSummary(ConversationInfo().parse(conversationInfo(ID))).title, 'Conversation 70b53');
  });

  it('the cost summed over the LLM uses of stats.usage_to_metrics (1.58.2 leaves metrics null)', () => {
    const usage = (usd: number, prompt: number) => ({ model_name: 'openai/gpt-4o', accumulated_cost: usd, accumulated_token_usage: { prompt_tokens: prompt, completion_tokens: 5, cache_read_tokens: 0 }, costs: [] });
    const info = ConversationInfo().parse(conversationInfo(ID, { metrics: null, stats: { usage_to_metrics: { default: usage(0.5, 230), condenser: usage(0.25, 20) } } }));
    assert.deepEqual(agentSummary(info).cost, { usd: 0.75, promptTokens: 250, completionTokens: 10 });
    assert.equal(agentSummary(ConversationInfo().parse(conversationInfo(ID, { stats: { usage_to_metrics: {} } }))).cost, undefined);
  });

  it('the cost where the server reports metrics', () => {
    const info = ConversationInfo().parse(conversationInfo(ID, { metrics: { accumulated_cost: 0.25, accumulated_token_usage: { prompt_tokens: 10, completion_tokens: 5 } } }));
    assert.deepEqual(agentSummary(info).cost, { usd: 0.25, promptTokens: 10, completionTokens: 5 });
  });
});

describe('agent server conversations: its refusals in the extension\'s words (conversation_router.py of 1.58.2)', () => {
  const refusing = (status: number, body: unknown): AgentHandler => (exchange) =>
    exchange.url === '/api/settings' || exchange.url === '/api/file/home' ? realAnswers(exchange) : { status, body };

  it('Resume of a conversation that runs already (409): done, no error', async () => {
    const { client } = await clientOn(refusing(409, { detail: 'Conversation already running. Wait for completion or pause first.' }));
    await client.resumeConversation!(ID);
  });

  it('a conversation gone (FastAPI\'s bare 404): conversation_gone, with Refresh Conversations, not a wrong server URL', async () => {
    const { client } = await clientOn(refusing(404, { detail: 'Not Found' }));
    for (const call of [() => client.resumeConversation!(ID), () => client.stopConversation!(ID), () => client.sendMessage!(ID, { text: 'hi' })]) {
      await assert.rejects(call(), (e: Error & { kind?: string }) => e.kind === 'conversation_gone' && /no longer on the server/.test(e.message));
    }
  });

  it('at capacity (429): at_capacity; a message sent says it is kept', async () => {
    const { client } = await clientOn(refusing(429, { detail: 'Conversation run limit reached (10)' }));
    await assert.rejects(client.createConversation({ initial_user_msg: 'go', repository: null }), (e: Error & { kind?: string; messageKept?: boolean }) => e.kind === 'at_capacity' && !/saved/.test(e.message) && e.messageKept === false);
    await assert.rejects(client.sendMessage!(ID, { text: 'hi' }), (e: Error & { kind?: string; messageKept?: boolean }) => e.kind === 'at_capacity' && /Your message is saved/.test(e.message) && e.messageKept === true);
    await assert.rejects(client.resumeConversation!(ID), (e: Error & { kind?: string }) => e.kind === 'at_capacity');
  });
});
