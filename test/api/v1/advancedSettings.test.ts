// The Advanced group's content built from the real 1.11.0's published settings shape and a real settings answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { advancedBody, advancedSettings, type Schemas } from '../../../src/api/v1/advancedSettings';
import { SettingsSchemaDocument } from '../../../src/api/v1/schemas';

const RECORDED = join(__dirname, '..', '..', '..', '..', 'test', 'support', 'fixtures', 'openhands', 'recorded');
const read = (name: string): unknown => JSON.parse(readFileSync(join(RECORDED, name), 'utf8'));
const schemas: Schemas = {
  agent: SettingsSchemaDocument().parse(read('agent-schema-1.11.0.json')),
  conversation: SettingsSchemaDocument().parse(read('conversation-schema-1.11.0.json')),
};
const answer = read('settings-1.11.0.json') as Record<string, unknown>;

describe('advanced settings from the published schema', () => {
  const advanced = advancedSettings(schemas, answer);
  const paths = advanced.sections.flatMap((s) => s.fields.map((f) => f.path));

  it('the agent kind\'s own sections, with every field the panel does not already show', () => {
    assert.deepEqual(advanced.sections.map((s) => s.label), ['General', 'LLM', 'Condenser', 'Verification']);
    assert.ok(paths.includes('agent_settings.llm.temperature'));
    assert.ok(paths.includes('agent_settings.condenser.max_size'));
    for (const shown of ['agent_settings.llm.model', 'agent_settings.llm.api_key', 'agent_settings.agent', 'conversation_settings.max_iterations', 'agent_settings.mcp_config']) {
      assert.ok(!paths.includes(shown), `${shown} is in the panel's own groups (or edited wholesale by the server)`);
    }
    assert.ok(!paths.some((p) => p.startsWith('agent_settings.acp_')), 'the ACP variant\'s sections are not the openhands agent\'s');
  });

  it('each field with its type, choices, secrecy, dependencies and current value', () => {
    const field = (path: string) => advanced.sections.flatMap((s) => s.fields).find((f) => f.path === path);
    assert.deepEqual({ ...field('agent_settings.llm.num_retries'), description: undefined }, {
      path: 'agent_settings.llm.num_retries', label: field('agent_settings.llm.num_retries')?.label, description: undefined,
      valueType: 'integer', secret: false, choices: [], dependsOn: [], value: 5,
    });
    assert.equal(field('agent_settings.llm.aws_secret_access_key')?.secret, true);
    assert.equal(field('agent_settings.llm.aws_secret_access_key')?.value, null);
    assert.ok((field('agent_settings.llm.reasoning_effort')?.choices.length ?? 0) > 1);
    assert.deepEqual(field('agent_settings.condenser.max_size')?.dependsOn, ['agent_settings.condenser.enabled']);
  });

  it('one path becomes the diff the server deep-merges', () => {
    assert.deepEqual(advancedBody('agent_settings.llm.temperature', 0.2), { agent_settings_diff: { llm: { temperature: 0.2 } } });
    assert.deepEqual(advancedBody('conversation_settings.max_iterations', 9), { conversation_settings_diff: { max_iterations: 9 } });
  });
});
