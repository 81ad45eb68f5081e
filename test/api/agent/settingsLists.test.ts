// The agent line's LLM profiles and secrets through the client: the routes and bodies 1.58.2 takes, the current LLM
// saved from the settings read encrypted (the server's own token goes back, never the mask, which would leave the
// profile without the person's key), and secrets listed by name only, their values never asked for.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { MASK, agentLoopback, agentSettingsAnswer, type AgentHandler } from '../../support/agentAnswers';
import type { LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const AGENT: ServerApi = { version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent', sendsMessages: true, providerTokens: null, changes: null, fileText: false };
const TOKEN = 'gAAAAABtoken-of-the-server';

/** The settings as 1.58.2 answers them: the key masked, or its Fernet token with `X-Expose-Secrets: encrypted`. */
const settingsAnswer = (headers: Record<string, unknown>) => agentSettingsAnswer(headers['x-expose-secrets'] === 'encrypted' ? TOKEN : MASK);

async function clientOn(handler: AgentHandler) {
  const { server, exchanges } = await agentLoopback(handler);
  servers.push(server);
  const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }, AGENT);
  return { client, exchanges };
}

describe('agent line: LLM profiles', () => {
  it('list: each profile\'s model, base URL and whether it has a key, and the active one', async () => {
    const { client } = await clientOn(() => ({ status: 200, body: {
      profiles: [{ name: 'fast', model: 'openai/gpt-4o-mini', base_url: null, provider_connection_id: null, provider_connection_broken: false, api_key_set: true }],
      active_profile: 'fast',
    } }));
    assert.deepEqual(await client.llmProfiles!.list(), { profiles: [{ name: 'fast', model: 'openai/gpt-4o-mini', baseUrl: null, apiKeySet: true }], active: 'fast' });
  });

  it('save the current LLM: the settings read encrypted, their LLM sent with the server\'s token, never the mask', async () => {
    const { client, exchanges } = await clientOn(({ method, url, headers }) =>
      (method === 'GET' && url === '/api/settings' ? { status: 200, body: settingsAnswer(headers) } : { status: 201, body: { name: 'fast', message: 'saved' } }));
    await client.llmProfiles!.saveCurrent('fast');
    assert.deepEqual(exchanges.map((e) => `${e.method} ${e.url} ${e.headers['x-expose-secrets'] ?? ''}`.trim()), ['GET /api/settings encrypted', 'POST /api/profiles/fast']);
    const sent = exchanges[1]!.body as { llm: Record<string, unknown> };
    assert.deepEqual([sent.llm.model, sent.llm.api_key], ['openai/scripted', TOKEN]);
    assert.ok(!JSON.stringify(exchanges.map((e) => e.body)).includes(MASK), 'a body carried the mask');
  });

  it('a settings answer that still holds the mask is not saved: no POST, an error that says why', async () => {
    const { client, exchanges } = await clientOn(() => ({ status: 200, body: agentSettingsAnswer(MASK) }));
    await assert.rejects(client.llmProfiles!.saveCurrent('fast'), /cannot be saved|can be saved/);
    assert.deepEqual(exchanges.map((e) => e.method), ['GET']);
  });

  it('activate, rename and delete: their routes, the name in the path encoded', async () => {
    const { client, exchanges } = await clientOn(() => ({ status: 200, body: { name: 'x', message: 'ok' } }));
    await client.llmProfiles!.activate('a.b');
    await client.llmProfiles!.rename('a.b', 'c-d');
    await client.llmProfiles!.remove('c-d');
    assert.deepEqual(exchanges.map((e) => [e.method, e.url, e.body]), [
      ['POST', '/api/profiles/a.b/activate', undefined], ['POST', '/api/profiles/a.b/rename', { new_name: 'c-d' }], ['DELETE', '/api/profiles/c-d', undefined],
    ]);
  });
});

describe('agent line: secrets', () => {
  it('list names and descriptions; add with PUT; delete by name; the value route is never asked', async () => {
    const { client, exchanges } = await clientOn(({ method }) => (method === 'GET'
      ? { status: 200, body: { secrets: [{ name: 'GITHUB_TOKEN', description: null }, { name: 'NPM', description: 'registry' }] } }
      : { status: 200, body: { deleted: true } }));
    assert.deepEqual(await client.serverSecrets!.list(), [{ name: 'GITHUB_TOKEN', description: null }, { name: 'NPM', description: 'registry' }]);
    await client.serverSecrets!.store('NPM', 'v-1', 'registry');
    await client.serverSecrets!.remove('NPM');
    assert.deepEqual(exchanges.map((e) => [e.method, e.url, e.body]), [
      ['GET', '/api/settings/secrets', undefined], ['PUT', '/api/settings/secrets', { name: 'NPM', value: 'v-1', description: 'registry' }], ['DELETE', '/api/settings/secrets/NPM', undefined],
    ]);
  });

  it('offered on the agent line only: an app server\'s client has neither', () => {
    const v1 = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: (u, init) => fetch(u, init), getCredential: async () => undefined, timeoutMs: 5000 }, { version: '1.11.0', settings: 'v1', conversations: 'v1' });
    assert.deepEqual([v1.llmProfiles, v1.serverSecrets], [undefined, undefined]);
  });
});
