// The client against the contract server over real loopback HTTP: every operation, every error class, and the
// promises about settings (nothing lost, no secret sent back, edits in order).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { type FetchFunction, type OpenHandsClient } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { BadResponseError, CancelledError, NetworkError, TimeoutError } from '../../../src/api/http/transportErrors';
import { RateLimitedError, ServerError, UnauthorizedError, ValidationError } from '../../../src/api/http/statusErrors';
import type { ApiLogger } from '../../../src/api/http/logger';
import type { Settings } from '../../../src/api/model/settings';
import { startContractServer, type ContractServer } from '../../support/standin/contractServer';
import { closedPortUrl } from '../../support/loopbackServer';
import { sessionCredential } from '../../../src/api/http/credential';

const KEY = 'session-key-0123456789';
const SECRETS = { llm_api_key: 'sk-llm-0123456789', search_api_key: 'tvly-0123456789', sandbox_api_key: 'sbx-0123456789' };

/** Every field of the interface with a value that is not its default. */
const FULL: Settings = {
  language: 'de', agent: 'CodeActAgent', max_iterations: 42, security_analyzer: 'llm', confirmation_mode: true,
  llm_model: 'anthropic/claude-sonnet-4-20250514', llm_api_key: SECRETS.llm_api_key, llm_base_url: 'http://llm.local/v1',
  remote_runtime_resource_factor: 2, secrets_store: { provider_tokens: {} }, enable_default_condenser: false,
  enable_sound_notifications: true, enable_proactive_conversation_starters: false, enable_solvability_analysis: false,
  user_consents_to_analytics: true, sandbox_base_container_image: 'python:3.12', sandbox_runtime_container_image: 'rt:1',
  mcp_config: {
    sse_servers: [{ url: 'http://mcp.local/sse', api_key: 'mcp-key-0123' }],
    stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'server-fs'], env: { ROOT: '/tmp' } }],
    shttp_servers: [{ url: 'https://mcp.example/mcp', api_key: null }],
  },
  search_api_key: SECRETS.search_api_key, sandbox_api_key: SECRETS.sandbox_api_key, max_budget_per_task: 1.5,
  email: 'octo@example.com', email_verified: true, git_user_name: 'octo', git_user_email: 'octo@example.com',
};

const fetchImpl = undiciFetch as unknown as FetchFunction;
let server: ContractServer;
const logLines: string[] = [];
const recorder: ApiLogger = {
  trace: (m, ...a) => logLines.push([m, ...a].map(String).join(' ')),
  debug: (m, ...a) => logLines.push([m, ...a].map(String).join(' ')),
  info: (m, ...a) => logLines.push([m, ...a].map(String).join(' ')),
  warn: (m, ...a) => logLines.push([m, ...a].map(String).join(' ')),
  error: (m, ...a) => logLines.push([m, ...a].map(String).join(' ')),
};

function client(options: { key?: string; timeoutMs?: number; baseUrl?: string } = {}): OpenHandsClient {
  return createClient({
    baseUrl: options.baseUrl ?? server.url, fetch: fetchImpl, getCredential: async () => sessionCredential('key' in options ? options.key : KEY),
    timeoutMs: options.timeoutMs ?? 5000, backoffMs: 10, logger: recorder,
  });
}

before(async () => { server = await startContractServer({ api: 'v0', sessionApiKey: KEY }); });
after(() => server.close());
beforeEach(() => server.reset());

describe('client against the contract server', () => {
  it('reads a fresh server as "no settings yet"', async () => {
    assert.equal(await client().loadSettings(), null);
  });

  it('stores all 25 fields and reads them back, secrets as flags only', async () => {
    await client().storeSettings(FULL);
    const loaded = await client().loadSettings();
    assert.ok(loaded);
    for (const [key, value] of Object.entries(FULL)) {
      if (key in SECRETS) assert.equal(loaded[key as keyof typeof loaded], null, `${key} comes back null`);
      else if (key !== 'secrets_store') assert.deepEqual(loaded[key as keyof typeof loaded], value, key);
    }
    assert.deepEqual([loaded.llm_api_key_set, loaded.search_api_key_set], [true, true]);
  });

  it('changes one field and loses nothing else, keeping the stored secrets without sending them', async () => {
    await client().storeSettings(FULL);
    const before = server.storedSettings();
    server.requests.length = 0;
    const after = await client().updateSettings({ confirmation_mode: false });
    assert.equal(after?.confirmation_mode, false);
    const stored = server.storedSettings();
    assert.ok(before && stored);
    for (const key of Object.keys(FULL)) {
      // The server itself never keeps a sandbox key (it stores a mask), whatever the client does.
      if (key === 'confirmation_mode' || key === 'sandbox_api_key') continue;
      assert.deepEqual(stored[key], before[key], key);
    }
    const posted = server.requests.filter((r) => r.method === 'POST');
    assert.equal(posted.length, 1);
    for (const secret of [...Object.values(SECRETS), '**********']) assert.ok(!posted[0].body.includes(secret), 'no secret or mask sent back');
  });

  it('sets and clears the LLM key through an update', async () => {
    await client().storeSettings({ llm_model: 'm', llm_api_key: SECRETS.llm_api_key });
    assert.equal((await client().updateSettings({ llm_api_key: '' }))?.llm_api_key_set, false);
    assert.equal((await client().updateSettings({ llm_api_key: 'sk-other-0123' }))?.llm_api_key_set, true);
    assert.equal(server.storedSettings()?.llm_api_key, 'sk-other-0123');
  });

  it('applies concurrent updates in order, none overwriting another', async () => {
    await client().storeSettings(FULL);
    const c = client();
    await Promise.all([
      c.updateSettings({ max_iterations: 7 }),
      c.updateSettings({ agent: 'BrowsingAgent' }),
      c.updateSettings((current) => ({ mcp_config: { ...current?.mcp_config, sse_servers: [...(current?.mcp_config?.sse_servers ?? []), { url: 'http://two/sse' }] } })),
      c.updateSettings({ git_user_name: 'hubot' }),
    ]);
    const stored = server.storedSettings();
    assert.deepEqual([stored?.max_iterations, stored?.agent, stored?.git_user_name], [7, 'BrowsingAgent', 'hubot']);
    assert.equal((stored?.mcp_config as { sse_servers: unknown[] }).sse_servers.length, 2);
    assert.equal(stored?.llm_api_key, SECRETS.llm_api_key);
  });

  it('starts a conversation, sending only the fields given', async () => {
    await client().storeSettings({ llm_model: 'm', llm_api_key: SECRETS.llm_api_key });
    const response = await client().createConversation({ initial_user_msg: 'Fix the tests' });
    assert.equal(response.status, 'ok');
    assert.match(response.conversation_id, /^[0-9a-f]{32}$/);
    assert.equal(response.conversation_status, 'STARTING');
    const sent = JSON.parse(server.requests.at(-1)!.body);
    assert.deepEqual(sent, { initial_user_msg: 'Fix the tests' });
  });

  it('sends repository, provider and branch, and names a repository the server cannot reach', async () => {
    await client().storeSettings({ llm_model: 'm', llm_api_key: SECRETS.llm_api_key });
    server.seedProviderTokens({ github: { token: 'ghp_0123456789', repositories: ['octo/widgets'] } });
    const ok = await client().createConversation({ repository: 'octo/widgets', git_provider: 'github', selected_branch: 'feature/e2e', initial_user_msg: 'x' });
    assert.equal(ok.status, 'ok');
    await assert.rejects(client().createConversation({ repository: 'octo/secret', git_provider: 'github' }),
      (e: unknown) => e instanceof ServerError && e.reason === 'git_provider_authentication' && /octo\/secret/.test(e.message));
  });

  it('lists the conversations newest first, page by page, reads them by id and stops one', async () => {
    const ids = server.seedConversations(3);
    const first = await client().listConversations({ limit: 2 });
    assert.deepEqual(first.items.map((c) => [c.id, c.state, c.serverStatus]), [[ids[2], 'starting', 'STARTING'], [ids[1], 'starting', 'STARTING']]);
    const second = await client().listConversations({ limit: 2, pageId: first.nextPageId! });
    assert.deepEqual([second.items.map((c) => c.id), second.nextPageId], [[ids[0]], null]);
    assert.deepEqual((await client().getConversations([ids[0], 'unknown', ids[2]])).map((c) => c.id), [ids[0], ids[2]]);
    server.setConversationStatus(ids[1], { status: 'RUNNING', runtime_status: 'STATUS$ERROR_LLM_AUTHENTICATION' });
    assert.equal((await client().getConversations([ids[1]]))[0]?.state, 'error');
    await client().stopConversation!(ids[2]);
    assert.equal((await client().getConversations([ids[2]]))[0]?.state, 'stopped');
    assert.equal(client().stopLeaves, 'stopped', 'what the list reads after a stop');
    assert.equal(client().sendMessage, undefined, 'V0 offers no follow-up');
    assert.deepEqual([client().resumeConversation, client().firstMessage], [undefined, undefined], 'no resume; the list has titles');
  });

  it('maps every error the server gives to its typed error', async () => {
    await assert.rejects(client().createConversation({ initial_user_msg: 'x' }),
      (e: unknown) => e instanceof ServerError && e.reason === 'settings_not_found' && e.status === 400);
    await client().storeSettings({ llm_model: 'm' });
    await assert.rejects(client().createConversation({ initial_user_msg: 'x' }),
      (e: unknown) => e instanceof ServerError && e.reason === 'llm_authentication');
    await assert.rejects(client({ key: 'wrong-key-0123' }).loadSettings(), (e: unknown) => e instanceof UnauthorizedError && e.keySent);
    await assert.rejects(client({ key: undefined }).loadSettings(), (e: unknown) => e instanceof UnauthorizedError && !e.keySent);
    // conversation_id is refused by a server not started with ALLOW_SET_CONVERSATION_ID.
    await assert.rejects(client().createConversation({ conversation_id: 'abc' }),
      (e: unknown) => e instanceof ValidationError && e.source === 'server' && e.issues[0].path === 'conversation_id');
    await assert.rejects(client().createConversation({ suggested_task: { git_provider: 'github', task_type: 'OPEN_PR', repo: 'o/r', issue_number: 1, title: 't' } }),
      (e: unknown) => e instanceof ServerError && e.status === 500 && e.reason === 'other');
    server.setFault({ status: 429, body: '{"message":"Too many requests"}', pathPrefix: '/api/conversations', times: 1 });
    await assert.rejects(client().createConversation({ initial_user_msg: 'x' }), RateLimitedError);
    server.setFault({ status: 200, body: 'not json', times: 1 });
    await assert.rejects(client().createConversation({ initial_user_msg: 'x' }), BadResponseError);
    server.setFault({ status: 200, body: '{"status":"ok"}', times: 1 });
    await assert.rejects(client().createConversation({ initial_user_msg: 'x' }), BadResponseError);
    await assert.rejects(client({ baseUrl: await closedPortUrl() }).createConversation({}), (e: unknown) => e instanceof NetworkError && e.cause === 'refused');
  });

  it('refuses to send what the server would refuse, naming the field', async () => {
    await assert.rejects(client().updateSettings({ mcp_config: { stdio_servers: [{ name: 'my server', command: 'npx' }] } }),
      (e: unknown) => e instanceof ValidationError && e.source === 'client' && e.issues[0].path === 'mcp_config.stdio_servers.0.name');
    assert.equal(server.requests.filter((r) => r.method === 'POST').length, 0);
  });

  it('ends a request within 1 s of its timeout or its cancellation', async () => {
    await client().storeSettings({ llm_model: 'm', llm_api_key: SECRETS.llm_api_key });
    server.setFault({ delayMs: 4000 });
    let started = Date.now();
    await assert.rejects(client({ timeoutMs: 400 }).createConversation({}), TimeoutError);
    assert.ok(Date.now() - started < 1400);
    const controller = new AbortController();
    started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await assert.rejects(client().createConversation({}, { signal: controller.signal }), CancelledError);
    assert.ok(Date.now() - started < 1300);
    server.setFault(null);
  });

  it('never logs a key or a secret', () => {
    const joined = logLines.join('\n');
    assert.ok(logLines.length > 0);
    for (const secret of [KEY, ...Object.values(SECRETS), 'mcp-key-0123', 'ghp_0123456789']) assert.ok(!joined.includes(secret), secret);
  });
});
