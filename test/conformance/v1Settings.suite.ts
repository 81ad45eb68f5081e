// V1 settings (/api/v1/settings of 1.7+): 404 before the first save, saves as deep-merged diffs read back in
// full, secrets as null with *_set flags, unknown keys dropped with a 200, each refusal's status and body, and
// the two schema routes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertJson, SETTINGS_NOT_FOUND, SETTINGS_STORED, detail, unprocessable } from './expected';
import { LEGACY_KEYS, STORE_FAILED, maskDatetime, pydantic400, recordedAnswer, settingsText } from './expectedV1';
import { PyFloat } from '../support/standin/pyJson';
import type { Client } from './target';

export interface V1RunState {
  /** No settings when the suite began: the checks that depend on a first save run only then. */
  fresh: boolean;
}

const FIRST_LLM = { model: 'openai/gpt-4o', api_key: 'sk-conformance', base_url: 'http://127.0.0.1:9/v1' };
const AFTER_FIRST = { 'agent_settings.llm.model': FIRST_LLM.model, 'agent_settings.llm.base_url': FIRST_LLM.base_url, llm_api_key_set: true };
const AFTER_DIFF = {
  ...AFTER_FIRST,
  'agent_settings.llm.temperature': new PyFloat(1),
  'conversation_settings.max_iterations': 42,
  'conversation_settings.confirmation_mode': true,
  git_user_name: 'conformance',
  search_api_key_set: true,
};

async function readBack(client: Client): Promise<string> {
  const answer = await client.get('/api/v1/settings');
  assertJson(answer, 200, /^\{/);
  return maskDatetime(answer.text);
}

export function v1SettingsSuite(client: Client, state: V1RunState): void {
  describe('V1 settings: before and after the first save', () => {
    it('GET before any save: 404 {"error":"Settings not found"}', async (t) => {
      const answer = await client.get('/api/v1/settings');
      state.fresh = answer.status === 404;
      if (!state.fresh) return t.skip(`the server already has settings (${answer.status}); start a fresh one`);
      assertJson(answer, 404, SETTINGS_NOT_FOUND);
    });

    it('a first save of agent_settings_diff.llm: 200, read back as the defaults plus the diff, the key as null + llm_api_key_set', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      assertJson(await client.post('/api/v1/settings', JSON.stringify({ agent_settings_diff: { llm: FIRST_LLM } })), 200, SETTINGS_STORED);
      assert.equal(await readBack(client), settingsText(AFTER_FIRST));
    });

    it('a diff is deep-merged: other fields kept, an int taken as float, search_api_key as null + search_api_key_set', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      const body = {
        agent_settings_diff: { llm: { temperature: 1 } },
        conversation_settings_diff: { max_iterations: 42, confirmation_mode: true },
        git_user_name: 'conformance',
        search_api_key: 'tvly-conformance',
      };
      assertJson(await client.post('/api/v1/settings', JSON.stringify(body)), 200, SETTINGS_STORED);
      assert.equal(await readBack(client), settingsText(AFTER_DIFF));
    });

    it('unknown keys, nested or not, and a V0-shaped key: 200 "Settings stored", and nothing changed', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      const body = '{"llm_model":"x","agent_settings_diff":{"llm":{"bogus":1},"bogus2":{"a":1}},"conversation_settings_diff":{"bogus3":1},"bogus4":true}';
      assertJson(await client.post('/api/v1/settings', body), 200, SETTINGS_STORED);
      assert.equal(await readBack(client), settingsText(AFTER_DIFF));
    });

    it('the other secrets (aws_secret_access_key, critic_api_key) are stored and read back as null', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      const body = '{"agent_settings_diff":{"llm":{"aws_secret_access_key":"aws-conformance"},"verification":{"critic_api_key":"critic-conformance"}}}';
      assertJson(await client.post('/api/v1/settings', body), 200, SETTINGS_STORED);
      assert.equal(await readBack(client), settingsText(AFTER_DIFF));
    });
  });

  describe('V1 settings: refusals (each stores nothing)', () => {
    const refusals: [string, string, number, string][] = [
      ['legacy agent_settings', '{"agent_settings":{"llm":{}}}', 422, LEGACY_KEYS('agent_settings')],
      ['both legacy keys', '{"conversation_settings":{},"agent_settings":{}}', 422, LEGACY_KEYS('agent_settings', 'conversation_settings')],
      ['llm.temperature "hot"', '{"agent_settings_diff":{"llm":{"temperature":"hot"}}}', 400,
        pydantic400('agent', 'openhands.llm.temperature', 'Input should be a valid number, unable to parse string as a number', 'float_parsing', "'hot'", 'str')],
      ['max_iterations "abc"', '{"conversation_settings_diff":{"max_iterations":"abc"}}', 400,
        pydantic400('ConversationSettings', 'max_iterations', 'Input should be a valid integer, unable to parse string as an integer', 'int_parsing', "'abc'", 'str')],
      ['max_iterations -1', '{"conversation_settings_diff":{"max_iterations":-1}}', 400,
        pydantic400('ConversationSettings', 'max_iterations', 'Input should be greater than or equal to 1', 'greater_than_equal', '-1', 'int')],
      ['condenser.max_size "big"', '{"agent_settings_diff":{"condenser":{"max_size":"big"}}}', 400,
        pydantic400('agent', 'openhands.condenser.llm_summarizing.max_size', 'Input should be a valid integer, unable to parse string as an integer', 'int_parsing', "'big'", 'str')],
      ['security_analyzer 5', '{"conversation_settings_diff":{"security_analyzer":5}}', 400,
        pydantic400('ConversationSettings', 'security_analyzer', "Input should be 'llm' or 'none'", 'literal_error', '5', 'int')],
      ['llm 5', '{"agent_settings_diff":{"llm":5}}', 400,
        pydantic400('agent', 'openhands.llm', 'Input should be a valid dictionary or instance of LLM', 'model_type', '5', 'int')],
      ['llm.model 5', '{"agent_settings_diff":{"llm":{"model":5}}}', 500, STORE_FAILED],
      ['a JSON array', '[1]', 422, unprocessable(detail('dict_type', ['body'], 'Input should be a valid dictionary', [1]))],
      ['no body', '', 422, unprocessable(detail('missing', ['body'], 'Field required', null))],
      ['not JSON', 'not json', 422, unprocessable(detail('json_invalid', ['body', 0], 'JSON decode error', {}, { error: 'Expecting value' }))],
    ];
    for (const [name, body, status, text] of refusals) {
      it(`${name}: ${status}`, async () => assertJson(await client.post('/api/v1/settings', body), status, text));
    }

    it('and the settings read back as before', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      assert.equal(await readBack(client), settingsText(AFTER_DIFF));
    });
  });

  describe('V1 settings: the published schemas', () => {
    for (const route of ['agent-schema', 'conversation-schema']) {
      it(`GET /api/v1/settings/${route}: the recorded 1.11.0 answer, byte for byte`, async () => {
        assertJson(await client.get(`/api/v1/settings/${route}`), 200, recordedAnswer(`${route}-1.11.0.json`));
      });
    }
  });
}

/**
 * Last of all, as it breaks the server's settings for good: a top-level key of the wrong type is stored without
 * a check (200), and from then on every load fails: GET a plain 500, POST a 400 naming the stored value.
 */
export function v1PoisonSuite(client: Client, state: V1RunState): void {
  describe('V1 settings: a wrong-typed top-level key (run last)', () => {
    it('git_user_name 5: 200, then GET 500 "Internal Server Error" and every POST 400', async (t) => {
      if (!state.fresh) return t.skip('not a fresh server');
      assertJson(await client.post('/api/v1/settings', '{"git_user_name":5}'), 200, SETTINGS_STORED);
      const broken = await client.get('/api/v1/settings');
      assert.equal(broken.status, 500);
      assert.equal(broken.text, 'Internal Server Error');
      const refused = pydantic400('Settings', 'git_user_name', 'Input should be a valid string', 'string_type', '5', 'int');
      assertJson(await client.post('/api/v1/settings', '{"git_user_name":"mended"}'), 400, refused);
    });
  });
}
