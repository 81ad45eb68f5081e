// The model's fields read out of a real V1 settings answer and written back as a V1 diff body.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { V1Settings } from '../../../src/api/v1/schemas';
import { V1_UNSUPPORTED, fromV1, toV1Body } from '../../../src/api/v1/settingsMapping';
import { v1SettingsAnswer } from '../../support/v1Answers';

describe('V1 settings mapping', () => {
  it('reads the fields of a real 1.11.0 answer into the model', () => {
    const flat: Record<string, unknown> = { ...fromV1(V1Settings().parse(v1SettingsAnswer())) };
    assert.equal(flat.llm_model, 'openai/gpt-4o');
    assert.equal(flat.llm_base_url, 'http://127.0.0.1:9/v1');
    assert.equal(flat.llm_api_key, null);
    assert.equal(flat.agent, 'CodeActAgent');
    assert.equal(flat.max_iterations, 500);
    assert.equal(flat.confirmation_mode, false);
    assert.equal(flat.security_analyzer, 'llm');
    assert.equal(flat.enable_default_condenser, true);
    assert.equal(flat.git_full_clone, undefined, 'fields without a place in the model are not read');
    assert.equal(flat.llm_api_key_set, true);
    assert.equal(flat.search_api_key_set, false);
    assert.deepEqual(flat.provider_tokens_set, {});
  });

  it('writes each field where V1 keeps it: top level, agent_settings_diff or conversation_settings_diff', () => {
    const { body, unsupported } = toV1Body({
      llm_model: 'x/y', llm_api_key: 'sk-1', max_iterations: 40, confirmation_mode: true, enable_default_condenser: false,
      git_user_name: 'bot', search_api_key: '',
    });
    assert.deepEqual(unsupported, []);
    assert.deepEqual(body, {
      agent_settings_diff: { llm: { model: 'x/y', api_key: 'sk-1' }, condenser: { enabled: false } },
      conversation_settings_diff: { max_iterations: 40, confirmation_mode: true },
      git_user_name: 'bot',
      search_api_key: '',
    });
  });

  it('returns the fields V1 has no home for, so the save is refused instead of dropped', () => {
    const { body, unsupported } = toV1Body({ enable_solvability_analysis: false, mcp_config: null, language: 'de' });
    assert.deepEqual(unsupported.sort(), ['enable_solvability_analysis', 'mcp_config']);
    assert.deepEqual(body, { language: 'de' });
    for (const field of unsupported) assert.ok(V1_UNSUPPORTED.has(field as never));
  });
});
