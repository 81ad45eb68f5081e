// The agent line's LLM profiles and secrets, on the real agent server: the raw secrets routes (list names, PUT adds or
// replaces, DELETE, what each refuses), then both through the extension's own client (connectClient as the extension
// builds it): a profile saved from the stored settings keeps the key the settings hold (the mask sent back would have
// stored "**********" as its key), listed with the active one, renamed, activated (its LLM becomes the settings'),
// deleted; a secret added, listed by name only, replaced, deleted. Observed answers: OBSERVED-AGENT.md.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OpenHandsClient } from '../../src/api/client';
import { assertAgentJson, jsonOf } from './agentServer';
import { extensionClient } from './conversationList.suite';
import type { Client } from './target';

const MASK = '**********';
interface SecretList { secrets: { name: string; description: string | null }[] }

export function agentSecretsSuite(client: Client): void {
  describe('agent line: secrets (/api/settings/secrets)', () => {
    const list = async () => jsonOf<SecretList>(await client.get('/api/settings/secrets'), 200);
    const put = (body: object) => client.request('PUT', '/api/settings/secrets', { body: JSON.stringify(body) });

    it('PUT adds (name and description back, no value), the list holds names and descriptions only; PUT again replaces', async () => {
      assert.deepEqual(await list(), { secrets: [] });
      assertAgentJson(await put({ name: 'RAW_TOKEN', value: 'v-raw-1', description: 'for the suite' }), 200, '{"name":"RAW_TOKEN","description":"for the suite"}');
      assertAgentJson(await put({ name: 'RAW_TOKEN', value: 'v-raw-2' }), 200, '{"name":"RAW_TOKEN","description":null}');
      const listed = await list();
      assert.deepEqual(listed, { secrets: [{ name: 'RAW_TOKEN', description: null }] });
      assert.ok(!JSON.stringify(listed).includes('v-raw'));
    });

    it('refused: an empty value or the mask (422), a name that is no variable name (422), POST (405)', async () => {
      assert.equal((await put({ name: 'RAW_TOKEN', value: '  ' })).status, 422);
      assert.equal((await put({ name: 'RAW_TOKEN', value: MASK })).status, 422);
      assert.equal((await put({ name: '1BAD', value: 'v' })).status, 422);
      assert.equal((await put({ name: 'has-dash', value: 'v' })).status, 422);
      assert.equal((await client.post('/api/settings/secrets', JSON.stringify({ name: 'RAW_TOKEN', value: 'v' }))).status, 405);
    });

    it('DELETE removes it ({"deleted":true}); a second DELETE is a 404', async () => {
      assertAgentJson(await client.request('DELETE', '/api/settings/secrets/RAW_TOKEN'), 200, '{"deleted":true}');
      assertAgentJson(await client.request('DELETE', '/api/settings/secrets/RAW_TOKEN'), 404, '{"detail":"Secret not found"}');
      assert.deepEqual(await list(), { secrets: [] });
    });
  });
}

export function agentListsClientSuite(client: Client): void {
  let api: OpenHandsClient;
  const plainSettingsLlm = async () => jsonOf<{ agent_settings: { llm: { model: string; api_key: string | null } }; active_profile: string | null }>(
    await client.get('/api/settings', { headers: { 'X-Expose-Secrets': 'plaintext' } }), 200);
  const plainProfileKey = async (name: string) => jsonOf<{ config: { api_key: string | null } }>(
    await client.get(`/api/profiles/${name}`, { headers: { 'X-Expose-Secrets': 'plaintext' } }), 200).config.api_key;

  describe('agent line: LLM profiles and secrets through the extension\'s client', () => {
    before(async () => {
      api = await extensionClient(client.target);
      await client.request('PATCH', '/api/settings', { body: JSON.stringify({ agent_settings_diff: { llm: { model: 'openai/gpt-4o', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-lists' } } }) });
    });

    it('offered on this line: profiles and secrets', () => {
      assert.ok(api.llmProfiles && api.serverSecrets);
    });

    it('save the current LLM as a profile: its key is the settings\' key (never the mask); listed, not active', async () => {
      await api.llmProfiles!.saveCurrent('work');
      assert.equal(await plainProfileKey('work'), 'sk-lists');
      assert.deepEqual(await api.llmProfiles!.list(), { profiles: [{ name: 'work', model: 'openai/gpt-4o', baseUrl: 'http://127.0.0.1:9/v1', apiKeySet: true }], active: null });
    });

    it('rename, change the settings\' LLM, activate: the profile\'s LLM and key are the settings\' again, and it is the active one', async () => {
      await api.llmProfiles!.rename('work', 'daily');
      await api.updateSettings({ llm_model: 'openai/other', llm_api_key: 'sk-other' });
      await api.llmProfiles!.activate('daily');
      const now = await plainSettingsLlm();
      assert.deepEqual([now.agent_settings.llm.model, now.agent_settings.llm.api_key, now.active_profile], ['openai/gpt-4o', 'sk-lists', 'daily']);
      assert.equal((await api.llmProfiles!.list()).active, 'daily');
      assert.equal((await api.loadSettings())?.llm_model, 'openai/gpt-4o');
    });

    it('a name the server refuses is its 422; delete: gone, none active', async () => {
      await assert.rejects(api.llmProfiles!.saveCurrent('-bad'), (e: unknown) => e instanceof Error && /422/.test(e.message));
      await api.llmProfiles!.remove('daily');
      assert.deepEqual(await api.llmProfiles!.list(), { profiles: [], active: null });
    });

    it('secrets: added, listed by name and description only, replaced, deleted', async () => {
      await api.serverSecrets!.store('CLIENT_TOKEN', 'v-client-1', 'the suite\'s');
      await api.serverSecrets!.store('CLIENT_TOKEN', 'v-client-2', null);
      const listed = await api.serverSecrets!.list();
      assert.deepEqual(listed, [{ name: 'CLIENT_TOKEN', description: null }]);
      assert.equal((await client.get('/api/settings/secrets/CLIENT_TOKEN')).text, 'v-client-2');
      await api.serverSecrets!.remove('CLIENT_TOKEN');
      assert.deepEqual(await api.serverSecrets!.list(), []);
    });
  });
}
