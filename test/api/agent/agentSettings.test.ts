// Settings on an agent server through V1's adapter in the agent server's dialect: GET and PATCH /api/settings,
// a save as a diff of the changed fields only, the mask "**********" read as "not shown" and never sent back
// (a PATCH with the mask stores it as the key, i.e. clears the person's key).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { NotKeptError } from '../../../src/api/settingsErrors';
import { withoutMask } from '../../../src/api/agent/agentSettings';
import { MASK, agentLoopback, agentSettingsAnswer, type Exchange } from '../../support/agentAnswers';
import type { LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const AGENT: ServerApi = { version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent', sendsMessages: true, providerTokens: null, changes: null, fileText: false };

/** GET /api/settings/agent-schema of 1.58.2, trimmed to one section with a secret beside plain fields. */
const AGENT_SCHEMA = {
  model_name: 'AgentSettings',
  sections: [{
    key: 'llm', label: 'LLM', variant: 'openhands', fields: [
      { key: 'llm.model', label: 'Model', value_type: 'string', secret: false, choices: [], depends_on: [] },
      { key: 'llm.api_key', label: 'API key', value_type: 'string', secret: true, choices: [], depends_on: [] },
      { key: 'llm.num_retries', label: 'Retries', value_type: 'integer', secret: false, choices: [], depends_on: [] },
    ],
  }],
};
const CONVERSATION_SCHEMA = { model_name: 'ConversationSettings', sections: [] };

function deepMerge(into: Record<string, unknown>, diff: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...into };
  for (const [key, value] of Object.entries(diff)) {
    const current = merged[key];
    merged[key] = value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
      ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return merged;
}

/** The real server's settings store: PATCH deep-merges each `*_diff`; a key sent as the mask is stored as the key. */
async function settingsServer(): Promise<{ url: string; exchanges: Exchange[]; storedKey: () => string }> {
  let stored = agentSettingsAnswer('sk-person');
  const { server, exchanges } = await agentLoopback(({ method, url, body }) => {
    if (url === '/api/settings/agent-schema') return { status: 200, body: AGENT_SCHEMA };
    if (url === '/api/settings/conversation-schema') return { status: 200, body: CONVERSATION_SCHEMA };
    if (method === 'PATCH') {
      const { agent_settings_diff: agent, conversation_settings_diff: conversation } = body as Record<string, Record<string, unknown> | undefined>;
      if (!agent && !conversation) return { status: 400, body: { detail: 'empty' } };
      stored = { ...stored, agent_settings: deepMerge(stored.agent_settings as Record<string, unknown>, agent ?? {}), conversation_settings: deepMerge(stored.conversation_settings as Record<string, unknown>, conversation ?? {}) };
      return { status: 200, body: {} };
    }
    // What GET answers: the stored key masked.
    const key = ((stored.agent_settings as { llm: { api_key: string } }).llm.api_key);
    return { status: 200, body: { ...agentSettingsAnswer(MASK), agent_settings: { ...(stored.agent_settings as object), llm: { ...(stored.agent_settings as { llm: object }).llm, api_key: key ? MASK : null } }, conversation_settings: stored.conversation_settings } };
  });
  servers.push(server);
  return { url: server.url, exchanges, storedKey: () => (stored.agent_settings as { llm: { api_key: string } }).llm.api_key };
}

const clientFor = (url: string) => createClient({ baseUrl: url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }, AGENT);
const sentMask = (exchanges: readonly Exchange[]) => exchanges.some((e) => e.method !== 'GET' && JSON.stringify(e.body).includes(MASK));

describe('agent server settings', () => {
  it('a load reads the model\'s fields; the masked key reads as set, its value never', async () => {
    const { url } = await settingsServer();
    const loaded = await clientFor(url).loadSettings();
    assert.equal(loaded?.llm_model, 'openai/scripted');
    assert.equal(loaded?.llm_base_url, 'http://127.0.0.1:9/v1');
    assert.equal(loaded?.llm_api_key_set, true);
    assert.equal(loaded?.llm_api_key ?? null, null);
    assert.equal(loaded?.max_iterations, 500);
    assert.ok(!JSON.stringify(loaded).includes(MASK));
  });

  it('an edit sends PATCH with only its diff, then reads back; the key stays the person\'s', async () => {
    const server = await settingsServer();
    const stored = await clientFor(server.url).updateSettings({ llm_model: 'openai/other', llm_api_key: null, max_iterations: 42 });
    assert.equal(stored?.llm_model, 'openai/other');
    assert.deepEqual(server.exchanges.map((e) => `${e.method} ${e.url}`), ['PATCH /api/settings', 'GET /api/settings']);
    assert.deepEqual(server.exchanges[0]!.body, { agent_settings_diff: { llm: { model: 'openai/other' } }, conversation_settings_diff: { max_iterations: 42 } });
    assert.equal(server.storedKey(), 'sk-person');
  });

  it('never sends the mask back: neither in an edit nor as an advanced value, so the key is never cleared', async () => {
    const server = await settingsServer();
    const client = clientFor(server.url);
    await client.updateSettings({ llm_model: 'openai/other', llm_api_key: MASK });
    await client.updateAdvanced!('agent_settings.llm.api_key', MASK);
    assert.equal(sentMask(server.exchanges), false, 'a body carried the mask');
    assert.equal(server.storedKey(), 'sk-person');
  });

  it('an edit made from the loaded settings sends no secret the load held', async () => {
    const server = await settingsServer();
    const client = clientFor(server.url);
    await client.updateSettings((current) => ({ llm_model: current?.llm_model ?? '', llm_api_key: current?.llm_api_key ?? null }));
    assert.equal(sentMask(server.exchanges), false);
    assert.equal(server.storedKey(), 'sk-person');
  });

  it('a new key is sent as it is, inside the agent\'s diff', async () => {
    const server = await settingsServer();
    await clientFor(server.url).updateSettings({ llm_api_key: 'sk-new' });
    assert.deepEqual(server.exchanges[0]!.body, { agent_settings_diff: { llm: { api_key: 'sk-new' } } });
    assert.equal(server.storedKey(), 'sk-new');
  });

  it('a field the agent server does not keep (V1\'s top level) is refused before any request, and left out of the panel', async () => {
    const server = await settingsServer();
    const client = clientFor(server.url);
    assert.ok(client.unsupportedFields.has('git_user_name'));
    assert.ok(!client.unsupportedFields.has('llm_model'));
    await assert.rejects(client.updateSettings({ git_user_name: 'bot' }), (e: unknown) => e instanceof NotKeptError && e.fields.includes('git_user_name'));
    assert.equal(server.exchanges.filter((e) => e.method === 'PATCH').length, 0);
  });

  it('advanced settings from its own schemas beside /api/settings; a secret shows no value', async () => {
    const server = await settingsServer();
    const advanced = await clientFor(server.url).loadAdvanced!();
    const fields = advanced?.sections.flatMap((section) => section.fields) ?? [];
    assert.deepEqual(fields.map((f) => [f.path, f.value]), [['agent_settings.llm.num_retries', 5]]);
    assert.ok(server.exchanges.some((e) => e.url === '/api/settings/agent-schema'));
    const updated = await clientFor(server.url).updateAdvanced!('agent_settings.llm.num_retries', 7);
    assert.equal(updated?.sections[0]?.fields[0]?.value, 7);
    assert.deepEqual(server.exchanges.filter((e) => e.method === 'PATCH').map((e) => e.body), [{ agent_settings_diff: { llm: { num_retries: 7 } } }]);
  });
});

describe('withoutMask', () => {
  it('drops every entry holding the mask and the maps left empty by it; keeps maps that were empty', () => {
    assert.deepEqual(withoutMask({ agent_settings_diff: { llm: { api_key: MASK } }, conversation_settings_diff: { max_iterations: 3 }, mcp: {} }),
      { conversation_settings_diff: { max_iterations: 3 }, mcp: {} });
  });
});
