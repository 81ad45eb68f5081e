// Configure LLM, answered from a script: the model prefilled, the key in a password box, nothing on cancel.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_MODEL, askLlmChoice } from '../../../src/core/settings/llmWizard';
import { ScriptedPrompter } from '../../support/scriptedPrompter';

describe('LLM wizard', () => {
  it('asks the model, prefilled with the default on a fresh server, then the key', async () => {
    const prompter = new ScriptedPrompter([' openai/gpt-4o ', ' sk-test ']);
    assert.deepEqual(await askLlmChoice(prompter, null), { model: 'openai/gpt-4o', apiKey: 'sk-test' });
    assert.equal(prompter.asked[0]?.value, DEFAULT_MODEL);
    assert.equal(prompter.asked[1]?.password, true);
    assert.equal(prompter.asked[1]?.value, undefined, 'no stored key is prefilled');
  });

  it('prefills the model the server has', async () => {
    const prompter = new ScriptedPrompter(['x/y', 'k']);
    await askLlmChoice(prompter, 'openai/o3');
    assert.equal(prompter.asked[0]?.value, 'openai/o3');
  });

  it('refuses an empty model or key while typed, and a cancel at either step gives nothing', async () => {
    const first = new ScriptedPrompter([undefined]);
    assert.equal(await askLlmChoice(first, null), undefined);
    assert.ok(first.asked[0]?.validate?.('  '));
    const second = new ScriptedPrompter(['x/y', undefined]);
    assert.equal(await askLlmChoice(second, null), undefined);
    assert.ok(second.asked[1]?.validate?.(''));
  });
});
