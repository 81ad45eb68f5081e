// The V1 adapters against a loopback server answering as a real 1.11.0 does: saves as diffs read back and
// compared, secrets only when set, a dropped key an error; starts followed through the start task.
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, describe, it } from 'node:test';
import type { OpenHandsClient } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { BadResponseError, CancelledError } from '../../../src/api/http/transportErrors';
import { NotKeptError } from '../../../src/api/settingsErrors';
import { ServerError, ValidationError } from '../../../src/api/http/statusErrors';
import { StartFailedError } from '../../../src/api/conversationErrors';
import { Transport } from '../../../src/api/http/transport';
import { V1ConversationsApi } from '../../../src/api/v1/v1ConversationsApi';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { startTask, v1SettingsAnswer } from '../../support/v1Answers';
import { sessionCredential } from '../../../src/api/http/credential';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

interface Exchange { method: string; url: string; body: unknown }

/** Whether `exchanges` stopped growing for `quietMs` within `limitMs`. */
async function quietFor(exchanges: readonly Exchange[], quietMs: number, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  for (let seen = exchanges.length; Date.now() < deadline; seen = exchanges.length) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (exchanges.length === seen) return true;
  }
  return false;
}
type Handler = (exchange: Exchange) => { status: number; body: unknown };

async function v1Server(handler: Handler): Promise<{ url: string; exchanges: Exchange[] }> {
  const exchanges: Exchange[] = [];
  const server = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    req.on('end', () => {
      const exchange = { method: req.method ?? '', url: req.url ?? '', body: text ? JSON.parse(text) as unknown : undefined };
      exchanges.push(exchange);
      const answer = handler(exchange);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  servers.push(server);
  return { url: server.url, exchanges };
}

const V1 = { version: '1.11.0', settings: 'v1', conversations: 'v1' } as const;
const options = (baseUrl: string) => ({ baseUrl, fetch: (url: string, init: RequestInit) => fetch(url, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 });
const clientFor = (url: string): OpenHandsClient => createClient(options(url), V1);

/** A settings store that merges what it knows and, like the real server, drops the rest with a 200. */
function settingsStore(keeps: (body: Record<string, unknown>) => void): Handler {
  return ({ method, body }) => (method === 'GET'
    ? { status: 200, body: current }
    : (keeps(body as Record<string, unknown>), { status: 200, body: { message: 'Settings stored' } }));
}
let current = v1SettingsAnswer();

describe('V1 settings', () => {
  it('an edit sends only its diff, no untouched secret, and returns the read-back', async () => {
    current = v1SettingsAnswer();
    const server = await v1Server(settingsStore((body) => {
      const diff = body.conversation_settings_diff as Record<string, unknown>;
      current = { ...current, conversation_settings: { ...(current.conversation_settings as object), ...diff } };
    }));
    const stored = await clientFor(server.url).updateSettings({ max_iterations: 42, llm_api_key: null });
    assert.equal(stored?.max_iterations, 42);
    const post = server.exchanges.find((e) => e.method === 'POST');
    assert.deepEqual(post?.body, { conversation_settings_diff: { max_iterations: 42 } });
    assert.deepEqual(server.exchanges.map((e) => e.method), ['POST', 'GET'], 'the diff needs no fresh load: the save, then the read-back');
  });

  it('a key the server drops with a 200 is a NotKeptError naming the field, never a silent loss', async () => {
    current = v1SettingsAnswer();
    const server = await v1Server(settingsStore(() => undefined));
    await assert.rejects(clientFor(server.url).updateSettings({ git_user_name: 'bot' }),
      (e: unknown) => e instanceof NotKeptError && e.fields.join() === 'git_user_name');
  });

  it('a field V1 has no home for is refused before anything is sent', async () => {
    const server = await v1Server(settingsStore(() => undefined));
    await assert.rejects(clientFor(server.url).updateSettings({ enable_solvability_analysis: false }), NotKeptError);
    assert.ok(!server.exchanges.some((e) => e.method === 'POST'));
  });

  it('a value of the wrong type is refused before anything is sent, at its field; an answer of the wrong type is a BadResponseError', async () => {
    current = v1SettingsAnswer();
    const server = await v1Server(settingsStore(() => undefined));
    await assert.rejects(clientFor(server.url).updateSettings({ max_iterations: 2.5 }),
      (e: unknown) => e instanceof ValidationError && e.source === 'client' && e.issues[0]?.path === 'max_iterations');
    assert.ok(!server.exchanges.some((e) => e.method === 'POST'));
    current = { ...v1SettingsAnswer(), enable_sound_notifications: 'yes' };
    await assert.rejects(clientFor(server.url).loadSettings(), BadResponseError);
  });

  it('a fresh server has no settings: null', async () => {
    const server = await v1Server(() => ({ status: 404, body: { error: 'Settings not found' } }));
    assert.equal(await clientFor(server.url).loadSettings(), null);
  });
});

const FAST = { firstMs: 5, maxMs: 20, stallMs: 60_000 };
const conversations = (url: string, polling = FAST) => new V1ConversationsApi(new Transport(options(url)), polling);

/** A start whose task goes through `statuses`, one per poll. */
function startServer(statuses: Record<string, unknown>[]): Handler {
  return ({ method }) => (method === 'POST' ? { status: 200, body: startTask('a'.repeat(32), 'WORKING') } : { status: 200, body: [statuses.length > 1 ? statuses.shift() : statuses[0]] });
}

describe('V1 conversations', () => {
  it('follows the start task to READY, telling each step, and sends the V1 start request', async () => {
    const id = 'b'.repeat(32);
    const server = await v1Server(startServer([startTask('t', 'WAITING_FOR_SANDBOX'), startTask('t', 'STARTING_CONVERSATION'), startTask('t', 'READY', { app_conversation_id: id })]));
    const steps: string[] = [];
    const response = await conversations(server.url).createConversation({
      initial_user_msg: 'Fix it', image_urls: ['data:image/png;base64,AA=='], repository: 'octo/widgets', selected_branch: 'main',
      git_provider: 'github', conversation_instructions: 'Run the tests',
    }, { onProgress: (step) => steps.push(step) });
    assert.equal(response.conversation_id, id);
    assert.deepEqual(steps, ['preparing', 'waiting for the sandbox', 'starting the agent']);
    assert.deepEqual(server.exchanges[0]?.body, {
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Fix it' }, { type: 'image', image_urls: ['data:image/png;base64,AA=='] }] },
      system_message_suffix: 'Run the tests', selected_repository: 'octo/widgets', selected_branch: 'main', git_provider: 'github',
    });
    assert.match(server.exchanges[1]?.url ?? '', /^\/api\/v1\/app-conversations\/start-tasks\?ids=a{32}$/);
  });

  it('a start without a message sends no initial_message: the conversation waits, idle, for its task', async () => {
    const server = await v1Server(startServer([startTask('t', 'READY', { app_conversation_id: 'd'.repeat(32) })]));
    const response = await conversations(server.url).createConversation({});
    assert.equal(response.conversation_id, 'd'.repeat(32));
    assert.deepEqual(server.exchanges[0]?.body, {});
  });

  it('words each step of the start for what happens: no clone without a repository', async () => {
    const walk = ['PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS', 'SETTING_UP_SKILLS', 'STARTING_CONVERSATION'];
    const stepsOf = async (request: { repository?: string }) => {
      const server = await v1Server(startServer([...walk.map((status) => startTask('t', status)), startTask('t', 'READY', { app_conversation_id: 'c'.repeat(32) })]));
      const steps: string[] = [];
      await conversations(server.url).createConversation({ initial_user_msg: 'x', ...request }, { onProgress: (step) => steps.push(step) });
      return steps;
    };
    const bare = await stepsOf({});
    assert.deepEqual(bare, ['preparing', 'preparing the workspace', 'preparing the workspace', 'preparing the workspace', 'loading skills', 'starting the agent']);
    assert.deepEqual(await stepsOf({ repository: 'o/r' }), [
      'preparing', 'cloning o/r', 'running the repository\'s setup script, if it has one', 'setting up the repository\'s git hooks, if it has any', 'loading skills', 'starting the agent',
    ]);
  });

  it('ERROR with an empty detail on a repository start: a StartFailedError that says the likely cause', async () => {
    const server = await v1Server(startServer([startTask('t', 'ERROR', { detail: '' })]));
    await assert.rejects(conversations(server.url).createConversation({ initial_user_msg: 'x', repository: 'o/r', git_provider: 'github' }),
      (e: unknown) => e instanceof StartFailedError && e.likelyNoProviderToken && /Most likely it has no GitHub token/.test(e.message));
  });

  it('a task that stays WORKING (the server restarted mid-start) is given up', async () => {
    const server = await v1Server(startServer([startTask('t', 'WORKING')]));
    await assert.rejects(conversations(server.url, { ...FAST, stallMs: 100 }).createConversation({ initial_user_msg: 'x' }),
      (e: unknown) => e instanceof StartFailedError && e.stalled);
  });

  it('a task that goes back and forth between the same statuses without end is given up too', async () => {
    let polls = 0;
    const server = await v1Server(({ method }) => (method === 'POST'
      ? { status: 200, body: startTask('t', 'WORKING') }
      : { status: 200, body: [startTask('t', polls++ % 2 ? 'WORKING' : 'PREPARING_REPOSITORY')] }));
    await assert.rejects(conversations(server.url, { ...FAST, stallMs: 100 }).createConversation({ initial_user_msg: 'x' }, { signal: AbortSignal.timeout(2000) }),
      (e: unknown) => e instanceof StartFailedError && e.stalled);
  });

  it('a cancel stops the polling at once', async () => {
    const server = await v1Server(startServer([startTask('t', 'WORKING')]));
    const controller = new AbortController();
    const started = conversations(server.url, { firstMs: 50, maxMs: 50, stallMs: 60_000 }).createConversation({ initial_user_msg: 'x' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 120);
    await assert.rejects(started, CancelledError);
    const atCancel = server.exchanges.length;
    // A poll already on its way when the cancel came may land after it (late on a loaded machine); none may be
    // sent after it. Polling every 50 ms never leaves the server quiet for 300 ms.
    assert.ok(await quietFor(server.exchanges, 300, 5000), 'requests kept coming after the cancel');
    assert.ok(server.exchanges.length <= atCancel + 1, `${server.exchanges.length - atCancel} requests after the cancel`);
  });
});

/** An AppConversation as 1.11.0 answers it (trimmed), with its sandbox's session key. */
function appConversation(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, created_by_user_id: null, sandbox_id: `sandbox-${id.slice(0, 4)}`, selected_repository: null, selected_branch: null,
    git_provider: null, title: `Conversation ${id.slice(0, 5)}`, created_at: '2026-11-23T10:00:00Z', updated_at: '2026-11-23T10:00:00Z',
    sandbox_status: 'RUNNING', execution_status: 'running', conversation_url: `http://localhost:1/api/conversations/${id}`,
    session_api_key: 'sk-sandbox-secret-0123456789012345678901234', ...extra,
  };
}

const hex = (n: number) => n.toString(16).padStart(32, '0');

describe('V1 conversation list, status, stop and follow-up', () => {
  it('a page: search with limit and page_id, newest first as the server gives, no session key in what comes back', async () => {
    const server = await v1Server(() => ({ status: 200, body: { items: [appConversation(hex(2)), appConversation(hex(1), { execution_status: 'finished' })], next_page_id: '2' } }));
    const logged: string[] = [];
    const log = (message: string, ...args: unknown[]) => { logged.push([message, ...args].map(String).join(' ')); };
    const logger = { trace: log, debug: log, info: log, warn: log, error: log };
    const page = await createClient({ ...options(server.url), logger }, V1).listConversations({ pageId: '2', limit: 500 });
    assert.ok(logged.length > 0 && !logged.join('\n').includes('sk-sandbox-secret'), 'the sandbox key is never logged');
    assert.deepEqual(page.items.map((c) => [c.id, c.state]), [[hex(2), 'running'], [hex(1), 'finished']]);
    assert.equal(page.nextPageId, '2');
    assert.equal(server.exchanges[0]?.url, '/api/v1/app-conversations/search?limit=100&page_id=2', 'the limit held to the server\'s 100');
    assert.ok(!JSON.stringify(page).includes('sk-sandbox-secret'));
  });

  it('by id: batches of at most 99, ids that are no UUID never sent, unknown ids left out', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => hex(i + 1));
    const server = await v1Server(({ url }) => {
      const asked = new URL(url, 'http://x').searchParams.getAll('ids');
      return { status: 200, body: asked.map((id) => (Number.parseInt(id, 16) % 2 ? appConversation(id) : null)) };
    });
    const found = await clientFor(server.url).getConversations(['not-a-uuid', ...ids]);
    assert.deepEqual(server.exchanges.map((e) => new URL(e.url, 'http://x').searchParams.getAll('ids').length), [99, 51]);
    assert.equal(found.length, 75);
    assert.ok(!server.exchanges.some((e) => e.url.includes('not-a-uuid')));
    assert.deepEqual(await clientFor(server.url).getConversations([]), []);
  });

  it('stop pauses the conversation\'s sandbox, as the web UI does; an unknown conversation is an error naming it', async () => {
    const id = hex(7);
    const server = await v1Server(({ method, url }) => (method === 'GET'
      ? { status: 200, body: url.includes(id) ? [appConversation(id)] : [null] }
      : { status: 200, body: { success: true } }));
    await clientFor(server.url).stopConversation!(id);
    assert.deepEqual(server.exchanges.map((e) => `${e.method} ${e.url}`), [`GET /api/v1/app-conversations?ids=${id}`, 'POST /api/v1/sandboxes/sandbox-0000/pause']);
    await assert.rejects(clientFor(server.url).stopConversation!(hex(8)), (e: unknown) => e instanceof ServerError && e.message.includes(hex(8)));
  });

  it('resume resumes the conversation\'s sandbox; a stop leaves it "paused", the server\'s word', async () => {
    const id = hex(7);
    const server = await v1Server(({ method }) => (method === 'GET' ? { status: 200, body: [appConversation(id)] } : { status: 200, body: { success: true } }));
    const client = clientFor(server.url);
    await client.resumeConversation!(id);
    assert.deepEqual(server.exchanges.map((e) => `${e.method} ${e.url}`), [`GET /api/v1/app-conversations?ids=${id}`, 'POST /api/v1/sandboxes/sandbox-0000/resume']);
    assert.equal(client.stopLeaves, 'paused');
  });

  it('the first message: the first user MessageEvent of the events, oldest first, its text parts; none while there is none', async () => {
    const id = hex(5);
    const message = (source: string, ...content: unknown[]) => ({ id: 'e', kind: 'MessageEvent', source, timestamp: '2026-11-25T06:26:15.062615', llm_message: { role: source, content } });
    const pages = [
      { items: [message('agent', { type: 'text', text: 'Hello' }), message('user', { type: 'text', text: 'Fix the build' }, { type: 'image', image_urls: ['x'] }, { type: 'text', text: 'please' })], next_page_id: null },
      { items: [], next_page_id: null },
    ];
    const server = await v1Server(() => ({ status: 200, body: pages.shift() }));
    const client = clientFor(server.url);
    assert.equal(await client.firstMessage!(id), 'Fix the build\nplease');
    assert.equal(await client.firstMessage!(id), undefined);
    assert.equal(await client.firstMessage!('not-a-uuid'), undefined, 'the server answers 500 for an id that is no UUID: never asked');
    assert.deepEqual(server.exchanges.map((e) => e.url), Array(2).fill(`/api/v1/conversation/${id}/events/search?kind__eq=MessageEvent&sort_order=TIMESTAMP&limit=5`));
  });

  it('a follow-up: text and images as one user message, only where the server lists send-message', async () => {
    const id = hex(9);
    const server = await v1Server(() => ({ status: 200, body: { success: true, sandbox_status: 'RUNNING', message: null } }));
    const client = createClient(options(server.url), { ...V1, sendsMessages: true });
    await client.sendMessage!(id, { text: 'And the docs', imageUrls: ['data:image/png;base64,AA=='] });
    assert.equal(server.exchanges[0]?.url, `/api/v1/app-conversations/${id}/send-message`);
    assert.deepEqual(server.exchanges[0]?.body, { content: [{ type: 'text', text: 'And the docs' }, { type: 'image', image_urls: ['data:image/png;base64,AA=='] }] });
    assert.equal(clientFor(server.url).sendMessage, undefined, 'a server without the route (1.6.0) offers none');
    assert.equal(typeof clientFor(server.url).stopConversation, 'function');
  });

  it('the server\'s refusals of a follow-up keep its words: 404 for an unknown conversation, 409 for a paused sandbox', async () => {
    const answers = [
      { status: 404, body: { detail: `Conversation ${hex(3)} not found` } },
      { status: 409, body: { detail: 'Sandbox is PAUSED. Use POST /api/v1/sandboxes/s/resume to resume it first.' } },
    ];
    const server = await v1Server(() => answers.shift()!);
    const client = createClient(options(server.url), { ...V1, sendsMessages: true });
    await assert.rejects(client.sendMessage!(hex(3), { text: 'x' }), (e: unknown) => e instanceof ServerError && e.status === 404 && e.message.includes('not found'));
    await assert.rejects(client.sendMessage!(hex(3), { text: 'x' }), (e: unknown) => e instanceof ServerError && e.status === 409 && /PAUSED/.test(e.message));
  });
});
