import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdvancedField } from '../../../src/api/model/advancedSettings';
import { advancedGroup, describeAdvanced, parseAdvanced } from '../../../src/core/settings/advancedTree';

const field = (over: Partial<AdvancedField>): AdvancedField => ({
  path: 'agent_settings.llm.temperature', label: 'Temperature', description: 'Sampling temperature.', valueType: 'number',
  secret: false, choices: [], dependsOn: [], value: null, ...over,
});

describe('the Advanced group', () => {
  it('a node per section and field; a secret shows only that it is not reported, never a value', () => {
    const group = advancedGroup({ sections: [{ id: 'agent_settings:llm', label: 'LLM', fields: [
      field({ value: 0.2 }), field({ path: 'agent_settings.llm.aws_secret_access_key', label: 'AWS secret', secret: true, value: 'x' }),
    ] }] });
    const [temperature, secret] = group.children?.[0]?.children ?? [];
    assert.equal(temperature?.description, '0.2');
    assert.match(temperature?.contextValue ?? '', /\beditable\b/);
    assert.equal(secret?.description, 'not reported');
    assert.match(secret?.contextValue ?? '', /\bsecret\b/);
    assert.doesNotMatch(JSON.stringify(group), /"x"/);
  });

  it('a field being saved shows the value on its way and offers no edit meanwhile', () => {
    const group = advancedGroup({ sections: [{ id: 's', label: 'S', fields: [field({ value: 0.2 })] }] }, new Map([['agent_settings.llm.temperature', 0.7]]));
    const node = group.children?.[0]?.children?.[0];
    assert.equal(node?.description, '0.7 (saving…)');
    assert.doesNotMatch(node?.contextValue ?? '', /\beditable\b/);
  });

  it('reads typed values by the field\'s type; empty unsets', () => {
    assert.deepEqual(parseAdvanced(field({}), ' 0.5 '), { ok: true, value: 0.5 });
    assert.deepEqual(parseAdvanced(field({ valueType: 'integer' }), '2.5'), { ok: false, problem: 'Temperature must be a whole number.' });
    assert.deepEqual(parseAdvanced(field({}), ''), { ok: true, value: null });
    assert.deepEqual(parseAdvanced(field({ valueType: 'object' }), '{"a":1}'), { ok: true, value: { a: 1 } });
    assert.equal(parseAdvanced(field({ valueType: 'array' }), '{"a":1}').ok, false);
    assert.equal(parseAdvanced(field({ valueType: 'object' }), '{oops').ok, false);
    assert.equal(describeAdvanced(field({ valueType: 'object' }), { a: 1 }), '{"a":1}');
  });
});
