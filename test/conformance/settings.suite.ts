// POST /api/settings replaces the stored settings, keeping five fields when omitted or null; GET never returns
// the keys, only whether they are set (OBSERVED.md §4). Each check builds on the one before. On the mixed line
// (1.6.0) the same saves read back with its five fields more and a few answers of its own (MixedLine below).
import { describe, it } from 'node:test';
import { assertJson, LLM_AUTHENTICATION, SETTINGS_STORED, settingsText } from './expected';
import type { ApiLine, Client } from './target';

const SONNET = 'anthropic/claude-sonnet-4-20250514';

/** Every field, as text (so `2.0` stays a float): values to coerce, the MCP string forms, secrets to drop, an unknown key. */
const FULL_BODY =
  '{"language":"de","agent":"CodeActAgent","max_iterations":"5","security_analyzer":"llm","confirmation_mode":"yes","llm_model":"openai/gpt-4o","llm_api_key":"sk-test-2","llm_base_url":"http://llm.local:4000","remote_runtime_resource_factor":2.0,"secrets_store":{"provider_tokens":{"github":"ghp_plain","gitlab":{"token":"glpat","host":null}}},"enable_default_condenser":false,"enable_sound_notifications":true,"enable_proactive_conversation_starters":false,"enable_solvability_analysis":false,"user_consents_to_analytics":true,"sandbox_base_container_image":"img:1","sandbox_runtime_container_image":"rt:1","mcp_config":{"sse_servers":["http://a.b/sse",{"url":" https://c.d/sse ","api_key":"mcp-k","extra":1}],"stdio_servers":[{"name":"fs","command":"npx","args":"-y \\"x y\\" z","env":"A=1, B=x=y"}],"shttp_servers":[{"url":" ws://h:1/x ","api_key":"mcp-k2"}]},"search_api_key":"tvly-2","sandbox_api_key":"sbx-1","max_budget_per_task":"1.5","email":"a@b.c","email_verified":"true","git_user_name":"u","git_user_email":"u@e.x","provider_tokens_set":{"github":null},"unknown_top_level":{"x":1}}';

/**
 * Where 1.6.0 answers otherwise: a search key "" keeps the stored one, a blank or whitespace LLM key is stored as
 * none, a base URL "" clears it to null, and SHTTP MCP servers have a timeout (60 s by default).
 */
const lineAnswers = (line: ApiLine) => {
  const mixed = line === 'mixed';
  return { searchKeptOnEmpty: mixed, whitespaceKeySet: !mixed, clearedBaseUrl: mixed ? null : '', shttpDefaults: mixed ? { timeout: 60 } : {} };
};

const fullGet = ({ shttpDefaults }: ReturnType<typeof lineAnswers>) => ({
  language: 'de',
  agent: 'CodeActAgent',
  max_iterations: 5,
  security_analyzer: 'llm',
  confirmation_mode: true,
  llm_model: 'openai/gpt-4o',
  llm_base_url: 'http://llm.local:4000',
  remote_runtime_resource_factor: 2,
  enable_default_condenser: false,
  enable_sound_notifications: true,
  enable_proactive_conversation_starters: false,
  enable_solvability_analysis: false,
  user_consents_to_analytics: true,
  sandbox_base_container_image: 'img:1',
  sandbox_runtime_container_image: 'rt:1',
  mcp_config: {
    sse_servers: [
      { url: 'http://a.b/sse', api_key: null },
      { url: 'https://c.d/sse', api_key: 'mcp-k' },
    ],
    stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'x y', 'z'], env: { A: '1', B: 'x=y' } }],
    shttp_servers: [{ url: 'ws://h:1/x', api_key: 'mcp-k2', ...shttpDefaults }],
  },
  max_budget_per_task: 1.5,
  email: 'a@b.c',
  email_verified: true,
  git_user_name: 'u',
  git_user_email: 'u@e.x',
  llm_api_key_set: true,
  search_api_key_set: true,
});

export function settingsSuite(client: Client): void {
  const line = lineAnswers(client.target.api);
  const baseUrl = line.clearedBaseUrl;
  const searchSet = line.searchKeptOnEmpty;
  const save = async (body: string): Promise<void> => assertJson(await client.post('/api/settings', body), 200, SETTINGS_STORED);
  const expectGet = async (values: Parameters<typeof settingsText>[0]): Promise<void> =>
    assertJson(await client.get('/api/settings'), 200, settingsText(values, client.target.api));

  describe('POST then GET /api/settings', () => {
    it('first save: 200 {"message":"Settings stored"}; GET shows the model, keys only as *_set', async () => {
      await save(`{"llm_model":"${SONNET}","llm_api_key":"sk-test-1","search_api_key":"tvly-1"}`);
      await expectGet({ llm_model: SONNET, llm_api_key_set: true, search_api_key_set: true });
    });

    it('every field: coerced, MCP normalized and in clear, secrets_store and unknown keys dropped', async () => {
      await save(FULL_BODY);
      await expectGet(fullGet(line));
    });

    it('{} resets every field except llm_model, llm_base_url, user_consents_to_analytics and the two keys', async () => {
      await save('{}');
      await expectGet({
        llm_model: 'openai/gpt-4o',
        llm_base_url: 'http://llm.local:4000',
        user_consents_to_analytics: true,
        llm_api_key_set: true,
        search_api_key_set: true,
      });
    });

    it('null keeps those five too; other fields are replaced', async () => {
      await save('{"llm_model":null,"llm_api_key":null,"llm_base_url":null,"search_api_key":null,"user_consents_to_analytics":null,"language":"fr"}');
      await expectGet({
        language: 'fr',
        llm_model: 'openai/gpt-4o',
        llm_base_url: 'http://llm.local:4000',
        user_consents_to_analytics: true,
        llm_api_key_set: true,
        search_api_key_set: true,
      });
    });

    it('false replaces a stored user_consents_to_analytics true', async () => {
      await save('{"user_consents_to_analytics":false}');
      await expectGet({
        llm_model: 'openai/gpt-4o',
        llm_base_url: 'http://llm.local:4000',
        user_consents_to_analytics: false,
        llm_api_key_set: true,
        search_api_key_set: true,
      });
    });

    it('"" clears both keys (1.6.0: the LLM key only); a conversation then fails with STATUS$ERROR_LLM_AUTHENTICATION', async () => {
      await save('{"llm_api_key":"","search_api_key":""}');
      await expectGet({ llm_model: 'openai/gpt-4o', llm_base_url: 'http://llm.local:4000', user_consents_to_analytics: false, search_api_key_set: searchSet });
      assertJson(await client.post('/api/conversations', '{}'), 400, LLM_AUTHENTICATION);
    });

    it('a whitespace key counts as set (1.6.0: stored as none), but a conversation fails the same way', async () => {
      await save('{"llm_api_key":"   "}');
      await expectGet({
        llm_model: 'openai/gpt-4o',
        llm_base_url: 'http://llm.local:4000',
        user_consents_to_analytics: false,
        llm_api_key_set: line.whitespaceKeySet,
        search_api_key_set: searchSet,
      });
      assertJson(await client.post('/api/conversations', '{}'), 400, LLM_AUTHENTICATION);
    });

    it('llm_base_url "" is a value: stored and returned as "" (1.6.0: null)', async () => {
      await save('{"llm_api_key":"sk-test-3","llm_base_url":""}');
      await expectGet({ llm_model: 'openai/gpt-4o', llm_base_url: baseUrl, user_consents_to_analytics: false, llm_api_key_set: true, search_api_key_set: searchSet });
    });

    it('sandbox_api_key is never returned; secrets_store {} is accepted', async () => {
      await save('{"sandbox_api_key":"sbx-2","secrets_store":{}}');
      await expectGet({ llm_model: 'openai/gpt-4o', llm_base_url: baseUrl, user_consents_to_analytics: false, llm_api_key_set: true, search_api_key_set: searchSet });
    });

    it('a JSON body without any Content-Type is read as JSON', async () => {
      const answer = await client.request('POST', '/api/settings', { body: '{"language":"nl"}', type: null });
      assertJson(answer, 200, SETTINGS_STORED);
      await expectGet({
        language: 'nl',
        llm_model: 'openai/gpt-4o',
        llm_base_url: baseUrl,
        user_consents_to_analytics: false,
        llm_api_key_set: true,
        search_api_key_set: searchSet,
      });
    });

    it('5.0 is taken as the integer 5', async () => {
      await save('{"max_iterations":5.0,"remote_runtime_resource_factor":3.0}');
      await expectGet({
        max_iterations: 5,
        remote_runtime_resource_factor: 3,
        llm_model: 'openai/gpt-4o',
        llm_base_url: baseUrl,
        user_consents_to_analytics: false,
        llm_api_key_set: true,
        search_api_key_set: searchSet,
      });
    });

    it('MCP duplicates are kept; args/env null become [] and {}', async () => {
      await save('{"mcp_config":{"sse_servers":["http://a.b","http://a.b"],"stdio_servers":[{"name":"a","command":"x","args":null,"env":null},{"name":"a","command":"y"}]}}');
      await expectGet({
        llm_model: 'openai/gpt-4o',
        llm_base_url: baseUrl,
        user_consents_to_analytics: false,
        mcp_config: {
          sse_servers: [
            { url: 'http://a.b', api_key: null },
            { url: 'http://a.b', api_key: null },
          ],
          stdio_servers: [
            { name: 'a', command: 'x', args: [], env: {} },
            { name: 'a', command: 'y', args: [], env: {} },
          ],
          shttp_servers: [],
        },
        llm_api_key_set: true,
        search_api_key_set: searchSet,
      });
    });
  });
}
