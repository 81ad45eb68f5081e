// GET and POST /api/settings: the 404 before the first save, replace semantics, the kept fields, secrets,
// provider_tokens_set, and the exact GET body (contract §1, checklist items 2-4).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, serve, settingsBody } from '../support/standin/testClient';

const STORED = '{"message":"Settings stored"}';

describe('GET /api/settings', () => {
  const ctx = serve({ api: 'v0' });

  it('answers 404 {"error":"Settings not found"} before the first POST', async () => {
    const answer = await get(ctx.url, '/api/settings');
    assert.equal(answer.status, 404);
    assert.equal(answer.text, '{"error":"Settings not found"}');
    assert.equal(answer.headers.get('content-type'), 'application/json');
  });

  it('returns the contract example byte for byte', async () => {
    const saved = await post(ctx.url, '/api/settings', '{"llm_model":"anthropic/claude","llm_api_key":"sk-1","search_api_key":"tvly-1"}');
    assert.equal(saved.status, 200);
    assert.equal(saved.text, STORED);
    const answer = await get(ctx.url, '/api/settings');
    assert.equal(answer.status, 200);
    assert.equal(
      answer.text,
      '{"language":null,"agent":null,"max_iterations":null,"security_analyzer":null,"confirmation_mode":null,' +
        '"llm_model":"anthropic/claude","llm_api_key":null,"llm_base_url":null,"remote_runtime_resource_factor":null,' +
        '"secrets_store":{"provider_tokens":{}},"enable_default_condenser":true,"enable_sound_notifications":false,' +
        '"enable_proactive_conversation_starters":true,"enable_solvability_analysis":true,' +
        '"user_consents_to_analytics":null,"sandbox_base_container_image":null,"sandbox_runtime_container_image":null,' +
        '"mcp_config":null,"search_api_key":null,"sandbox_api_key":null,"max_budget_per_task":null,"email":null,' +
        '"email_verified":null,"git_user_name":null,"git_user_email":null,' +
        '"provider_tokens_set":{},"llm_api_key_set":true,"search_api_key_set":true}',
    );
  });

  it('blanks every secret, keeps MCP api_key and env in clear, prints floats the Python way', async () => {
    const body = JSON.stringify({
      llm_api_key: 'k',
      search_api_key: 's',
      sandbox_api_key: 'sb',
      max_budget_per_task: 5,
      mcp_config: {
        sse_servers: [{ url: 'http://sse.example', api_key: 'mcp-secret' }],
        stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'server'], env: { TOKEN: 'env-secret' } }],
      },
    });
    assert.equal((await post(ctx.url, '/api/settings', body)).status, 200);
    const answer = await get(ctx.url, '/api/settings');
    const expected = settingsBody({
      mcp_config: {
        sse_servers: [{ url: 'http://sse.example', api_key: 'mcp-secret' }],
        stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'server'], env: { TOKEN: 'env-secret' } }],
        shttp_servers: [],
      },
      max_budget_per_task: 'FLOAT',
      llm_api_key_set: true,
      search_api_key_set: true,
    }).replace('"FLOAT"', '5.0');
    assert.equal(answer.text, expected);
  });

  it('fills provider_tokens_set with provider -> host from the stored tokens only', async () => {
    ctx.server.seedProviderTokens({
      gitlab: { token: 'glpat', host: 'gitlab.example.com' },
      github: { token: 'ghp' },
      bitbucket: { user_id: 'someone' }, // no token: secrets.json never keeps it
      azure_devops: { token: 'x' }, // not a 0.54 provider
    });
    await post(ctx.url, '/api/settings', '{}');
    const answer = await get(ctx.url, '/api/settings');
    assert.equal(answer.text, settingsBody({ provider_tokens_set: { gitlab: 'gitlab.example.com', github: null } }));
  });

  it('counts a whitespace key as set and an empty key as not set', async () => {
    await post(ctx.url, '/api/settings', '{"llm_api_key":"   ","search_api_key":""}');
    const answer = await get(ctx.url, '/api/settings');
    assert.equal(answer.text, settingsBody({ llm_api_key_set: true, search_api_key_set: false }));
  });
});

describe('POST /api/settings', () => {
  const ctx = serve({ api: 'v0' });
  const FULL = JSON.stringify({
    language: 'en',
    agent: 'CodeActAgent',
    max_iterations: 50,
    security_analyzer: 'llm',
    confirmation_mode: true,
    llm_model: 'openai/gpt',
    llm_api_key: 'sk-old',
    llm_base_url: 'http://llm.example',
    remote_runtime_resource_factor: 2,
    enable_default_condenser: false,
    enable_sound_notifications: true,
    enable_proactive_conversation_starters: false,
    enable_solvability_analysis: false,
    user_consents_to_analytics: true,
    sandbox_base_container_image: 'base',
    sandbox_runtime_container_image: 'runtime',
    mcp_config: { shttp_servers: ['http://mcp.example'] },
    search_api_key: 'tvly-old',
    sandbox_api_key: 'sandbox-secret',
    max_budget_per_task: 1.5,
    email: 'a@b.c',
    email_verified: true,
    git_user_name: 'me',
    git_user_email: 'me@b.c',
  });

  it('stores everything sent, with the secrets in clear except sandbox_api_key', async () => {
    assert.equal((await post(ctx.url, '/api/settings', FULL)).text, STORED);
    const stored = ctx.server.storedSettings();
    assert.deepEqual(stored, {
      ...JSON.parse(FULL),
      secrets_store: { provider_tokens: {} },
      mcp_config: { sse_servers: [], stdio_servers: [], shttp_servers: [{ url: 'http://mcp.example', api_key: null }] },
      sandbox_api_key: '**********', // SecretStr serialized without expose_secrets
    });
    assert.deepEqual(Object.keys(stored ?? {}), Object.keys(JSON.parse(settingsBody())).slice(0, 25));
  });

  it('replaces the rest: omitted fields go back to defaults, five fields keep their stored value', async () => {
    await post(ctx.url, '/api/settings', FULL);
    assert.equal((await post(ctx.url, '/api/settings', '{}')).text, STORED);
    const answer = await get(ctx.url, '/api/settings');
    assert.equal(
      answer.text,
      settingsBody({
        llm_model: 'openai/gpt',
        llm_base_url: 'http://llm.example',
        user_consents_to_analytics: true,
        llm_api_key_set: true,
        search_api_key_set: true,
      }),
    );
    assert.equal(ctx.server.storedSettings()?.llm_api_key, 'sk-old');
    assert.equal(ctx.server.storedSettings()?.search_api_key, 'tvly-old');
    assert.equal(ctx.server.storedSettings()?.sandbox_api_key, null);
  });

  it('keeps the five fields when they are sent as null too, and replaces them when given', async () => {
    await post(ctx.url, '/api/settings', FULL);
    const nulls = '{"llm_api_key":null,"llm_model":null,"llm_base_url":null,"search_api_key":null,"user_consents_to_analytics":null}';
    await post(ctx.url, '/api/settings', nulls);
    const kept = ctx.server.storedSettings();
    assert.deepEqual(
      [kept?.llm_api_key, kept?.llm_model, kept?.llm_base_url, kept?.search_api_key, kept?.user_consents_to_analytics],
      ['sk-old', 'openai/gpt', 'http://llm.example', 'tvly-old', true],
    );
    await post(ctx.url, '/api/settings', '{"llm_api_key":"","search_api_key":"new","user_consents_to_analytics":false}');
    const replaced = ctx.server.storedSettings();
    assert.deepEqual([replaced?.llm_api_key, replaced?.search_api_key, replaced?.user_consents_to_analytics], ['', 'new', false]);
  });

  it('without stored settings an omitted key is stored as null', async () => {
    await post(ctx.url, '/api/settings', '{"llm_model":"m"}');
    assert.equal(ctx.server.storedSettings()?.llm_api_key, null);
  });

  it('discards secrets_store and ignores unknown keys', async () => {
    const body = JSON.stringify({
      secrets_store: { provider_tokens: { github: { token: 'ghp', host: null } }, custom_secrets: { A: { secret: 'x' } } },
      provider_tokens_set: { github: null },
      selected_repository: 'o/r',
      llm_api_key: 'k',
    });
    assert.equal((await post(ctx.url, '/api/settings', body)).text, STORED);
    const stored = ctx.server.storedSettings();
    assert.deepEqual(stored?.secrets_store, { provider_tokens: {} });
    assert.equal('selected_repository' in (stored ?? {}), false);
    assert.equal((await get(ctx.url, '/api/settings')).text, settingsBody({ llm_api_key_set: true }));
  });

  it('stores an empty sandbox_api_key as empty, a non-empty one as the mask', async () => {
    await post(ctx.url, '/api/settings', '{"sandbox_api_key":""}');
    assert.equal(ctx.server.storedSettings()?.sandbox_api_key, '');
    await post(ctx.url, '/api/settings', '{"sandbox_api_key":"s"}');
    assert.equal(ctx.server.storedSettings()?.sandbox_api_key, '**********');
  });

  it('stores a non-finite budget as null (pydantic writes inf/nan as null)', async () => {
    await post(ctx.url, '/api/settings', '{"max_budget_per_task":"inf"}');
    assert.equal(ctx.server.storedSettings()?.max_budget_per_task, null);
    await post(ctx.url, '/api/settings', '{"max_budget_per_task":NaN}');
    assert.equal(ctx.server.storedSettings()?.max_budget_per_task, null);
  });

  it('keeps Python ints exact beyond 2^53', async () => {
    await post(ctx.url, '/api/settings', '{"max_iterations":"99999999999999999999999"}');
    assert.match((await get(ctx.url, '/api/settings')).text, /"max_iterations":99999999999999999999999,/);
  });

  it('answers the handler 500 when a string cannot be written as UTF-8, and keeps the old settings', async () => {
    await post(ctx.url, '/api/settings', '{"language":"en"}');
    const answer = await post(ctx.url, '/api/settings', '{"language":"\\ud800"}');
    assert.equal(answer.status, 500);
    assert.equal(answer.text, '{"error":"Something went wrong storing settings"}');
    assert.equal(answer.headers.get('content-type'), 'application/json');
    assert.equal(ctx.server.storedSettings()?.language, 'en');
  });
});
