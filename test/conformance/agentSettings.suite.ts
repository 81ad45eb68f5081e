// The agent line (a real openhands-agent-server 1.58.2): who it says it is without a key, the key on every /api
// route, and the settings as the client reads and writes them: the mask, the encrypted and plain exposures, a PATCH
// diff that keeps the key, the mask sent back that clears it (the trap the client must never walk into), the schema
// that says which fields are secret, and the LLM profiles. Observed answers: OBSERVED-AGENT.md.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jsonOf, assertAgentJson } from './agentServer';
import { UNAUTHORIZED } from './expected';
import type { Client } from './target';

const MASK = '**********';

interface Settings {
  agent_settings: { llm: { model: string; base_url: string | null; api_key: string | null } };
  conversation_settings: { confirmation_mode: boolean; max_iterations: number };
  llm_api_key_is_set: boolean;
  active_profile: string | null;
}

const settings = async (client: Client, expose?: string): Promise<Settings> =>
  jsonOf<Settings>(await client.get('/api/settings', { headers: expose ? { 'X-Expose-Secrets': expose } : {} }), 200);

const patch = async (client: Client, body: object): Promise<Settings> =>
  jsonOf<Settings>(await client.request('PATCH', '/api/settings', { body: JSON.stringify(body) }), 200);

const llmDiff = (llm: object) => ({ agent_settings_diff: { llm } });

export function agentAuthSuite(client: Client): void {
  describe('agent line: identity without a key, the key on every /api route', () => {
    it('/server_info answers without a key: version, sdk_version, usable_tools, capabilities', async () => {
      const info = jsonOf<{ version: string; sdk_version: string; usable_tools: string[]; capabilities: string[]; title: string }>(
        await client.get('/server_info', { key: null }), 200);
      assert.match(info.version, /^\d+\.\d+\.\d+/);
      assert.equal(info.sdk_version, info.version);
      assert.equal(info.title, 'OpenHands Agent Server');
      assert.ok(info.capabilities.includes('conversation_runtime_routes_v1'), JSON.stringify(info.capabilities));
      assert.ok(info.usable_tools.includes('terminal') && info.usable_tools.includes('file_editor'));
      for (const path of ['/alive', '/health', '/ready']) assert.equal((await client.get(path, { key: null })).status, 200, path);
    });

    it('/api/* without the key, with a wrong one, as Bearer or as ?session_api_key: 401', async () => {
      for (const path of ['/api/settings', '/api/conversations/search', '/api/profiles']) {
        assertAgentJson(await client.get(path, { key: null }), 401, UNAUTHORIZED);
        assertAgentJson(await client.get(path, { key: 'wrong-key' }), 401, UNAUTHORIZED);
        assertAgentJson(await client.get(path, { key: null, headers: { Authorization: `Bearer ${client.target.apiKey}` } }), 401, UNAUTHORIZED);
        const query = `${path}?session_api_key=${client.target.apiKey}`;
        assertAgentJson(await client.get(query, { key: null }), 401, UNAUTHORIZED);
      }
    });
  });
}

export function agentSettingsSuite(client: Client): void {
  describe('agent line: settings (mask, encrypted, PATCH diffs, the mask trap, schema)', () => {
    it('a key stored by a diff reads as the mask; encrypted gives a Fernet token, plaintext the key; another value is a 400', async () => {
      const stored = await patch(client, llmDiff({ model: 'openai/gpt-4o', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-first' }));
      assert.deepEqual([stored.agent_settings.llm.api_key, stored.llm_api_key_is_set], [MASK, true]);
      assert.equal((await settings(client)).agent_settings.llm.api_key, MASK);
      const token = (await settings(client, 'encrypted')).agent_settings.llm.api_key;
      assert.match(token ?? '', /^gAAAAA[A-Za-z0-9_-]+=*$/);
      assert.equal((await settings(client, 'plaintext')).agent_settings.llm.api_key, 'sk-first');
      const bad = jsonOf<{ detail: string }>(await client.get('/api/settings', { headers: { 'X-Expose-Secrets': 'bogus' } }), 400);
      assert.match(bad.detail, /Invalid X-Expose-Secrets header value/);
    });

    it('a diff of model and base URL keeps the key and everything else', async () => {
      const before = await settings(client);
      const after = await patch(client, llmDiff({ model: 'openai/gpt-4o-mini', base_url: 'http://127.0.0.1:8/v1' }));
      assert.deepEqual([after.agent_settings.llm.model, after.agent_settings.llm.base_url, after.llm_api_key_is_set], ['openai/gpt-4o-mini', 'http://127.0.0.1:8/v1', true]);
      assert.deepEqual(after.conversation_settings, before.conversation_settings);
      assert.equal((await settings(client, 'plaintext')).agent_settings.llm.api_key, 'sk-first');
    });

    it('the encrypted token sent back keeps the key; the mask sent back CLEARS it (the client must never send it)', async () => {
      const token = (await settings(client, 'encrypted')).agent_settings.llm.api_key;
      assert.ok(token);
      const back = await patch(client, llmDiff({ api_key: token }));
      assert.equal(back.llm_api_key_is_set, true);
      assert.equal((await settings(client, 'plaintext')).agent_settings.llm.api_key, 'sk-first');
      const cleared = await patch(client, llmDiff({ api_key: MASK }));
      assert.deepEqual([cleared.agent_settings.llm.api_key, cleared.llm_api_key_is_set], [null, false]);
      assert.equal((await settings(client, 'plaintext')).agent_settings.llm.api_key, null);
    });

    it('PUT and POST are 405; an empty PATCH is a 400; a conversation settings diff is kept', async () => {
      for (const method of ['PUT', 'POST']) assertAgentJson(await client.request(method, '/api/settings', { body: '{}' }), 405, '{"detail":"Method Not Allowed"}');
      assert.match(jsonOf<{ detail: string }>(await client.request('PATCH', '/api/settings', { body: '{}' }), 400).detail, /^At least one of agent_settings_diff/);
      const changed = await patch(client, { conversation_settings_diff: { max_iterations: 42 } });
      assert.equal(changed.conversation_settings.max_iterations, 42);
    });

    it('agent-schema: the sections, and which fields are secret (llm.api_key among them)', async () => {
      const schema = jsonOf<{ model_name: string; sections: { key: string; fields: { key: string; value_type: string; secret: boolean }[] }[] }>(
        await client.get('/api/settings/agent-schema'), 200);
      assert.equal(schema.model_name, 'AgentSettings');
      assert.ok(schema.sections.some((s) => s.key === 'llm') && schema.sections.some((s) => s.key === 'condenser'));
      const fields = schema.sections.flatMap((s) => s.fields);
      const secret = fields.filter((f) => f.secret).map((f) => f.key);
      assert.ok(secret.includes('llm.api_key'), JSON.stringify(secret));
      assert.equal(fields.find((f) => f.key === 'llm.model')?.secret, false);
    });
  });
}

interface Profiles { profiles: { name: string; model: string; base_url: string | null; api_key_set: boolean }[]; active_profile: string | null }

export function agentProfilesSuite(client: Client): void {
  describe('agent line: LLM profiles (save, list, rename, activate, delete)', () => {
    const list = async () => jsonOf<Profiles>(await client.get('/api/profiles'), 200);
    const llm = { model: 'openai/gpt-4o-mini', base_url: 'http://127.0.0.1:7/v1', api_key: 'sk-profile' };

    it('save (201, twice: it overwrites), list without the key, a bad name is a 422', async () => {
      assertAgentJson(await client.post('/api/profiles/fast', JSON.stringify({ llm })), 201, '{"name":"fast","message":"Profile \'fast\' saved"}');
      assertAgentJson(await client.post('/api/profiles/fast', JSON.stringify({ llm })), 201, '{"name":"fast","message":"Profile \'fast\' saved"}');
      assert.deepEqual(await list(), { profiles: [{ name: 'fast', model: llm.model, base_url: llm.base_url, provider_connection_id: null, provider_connection_broken: false, api_key_set: true }], active_profile: null });
      assert.equal((await client.post('/api/profiles/-bad', JSON.stringify({ llm }))).status, 422);
    });

    it('rename, then activate: its LLM (key included) becomes the settings\' one', async () => {
      assertAgentJson(await client.post('/api/profiles/fast/rename', JSON.stringify({ new_name: 'quick' })), 200, '{"name":"quick","message":"Profile \'fast\' renamed to \'quick\'"}');
      const activated = jsonOf<{ llm_applied: boolean }>(await client.post('/api/profiles/quick/activate', ''), 200);
      assert.equal(activated.llm_applied, true);
      const now = await settings(client, 'plaintext');
      assert.deepEqual([now.agent_settings.llm.model, now.agent_settings.llm.api_key, now.active_profile], [llm.model, llm.api_key, 'quick']);
      assert.equal((await list()).active_profile, 'quick');
    });

    it('delete: gone from the list (a second delete answers 200 too), the active profile cleared', async () => {
      assertAgentJson(await client.request('DELETE', '/api/profiles/quick'), 200, '{"name":"quick","message":"Profile \'quick\' deleted"}');
      assertAgentJson(await client.request('DELETE', '/api/profiles/quick'), 200, '{"name":"quick","message":"Profile \'quick\' deleted"}');
      assert.deepEqual(await list(), { profiles: [], active_profile: null });
    });
  });
}
