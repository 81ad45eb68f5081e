// Configure LLM, answered from a script: model, base URL and key in one flow; the model prefilled, the base URL
// checked as an http(s) URL, the key in a password box and optional where the server can do without a new one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_MODEL, askLlmChoice, type CurrentLlm } from '../../../src/core/settings/llmWizard';
import { ScriptedPrompter } from '../../support/scriptedPrompter';

const FRESH: CurrentLlm = { model: null, baseUrl: null, keySet: false };

describe('LLM wizard', () => {
  it('asks the model, prefilled with the default on a fresh server, the base URL, then the key', async () => {
    const prompter = new ScriptedPrompter([' openai/gpt-4o ', '', ' sk-test ']);
    assert.deepEqual(await askLlmChoice(prompter, FRESH), { model: 'openai/gpt-4o', baseUrl: '', apiKey: 'sk-test' });
    assert.equal(prompter.asked[0]?.value, DEFAULT_MODEL);
    assert.equal(prompter.asked[1]?.value, '');
    assert.equal(prompter.asked[2]?.password, true);
    assert.equal(prompter.asked[2]?.value, undefined, 'no stored key is prefilled');
  });

  it('prefills the model and base URL the server has', async () => {
    const prompter = new ScriptedPrompter(['x/y', 'http://127.0.0.1:11434', '']);
    await askLlmChoice(prompter, { model: 'openai/o3', baseUrl: 'http://127.0.0.1:11434', keySet: true });
    assert.equal(prompter.asked[0]?.value, 'openai/o3');
    assert.equal(prompter.asked[1]?.value, 'http://127.0.0.1:11434');
  });

  it('takes a base URL only as an http(s) URL', async () => {
    const prompter = new ScriptedPrompter(['ollama/llama3', ' http://localhost:11434/v1 ', '']);
    assert.deepEqual(await askLlmChoice(prompter, FRESH), { model: 'ollama/llama3', baseUrl: 'http://localhost:11434/v1' });
    const validate = prompter.asked[1]?.validate;
    assert.ok(validate?.('localhost:11434'), 'no scheme');
    assert.ok(validate?.('ftp://host/v1'));
    assert.ok(validate?.('http://'));
    assert.equal(validate?.('https://proxy.example.com/litellm'), undefined);
    assert.equal(validate?.(''), undefined, 'empty: the provider\'s own endpoint');
  });

  it('an empty key keeps the stored one: none is sent', async () => {
    const prompter = new ScriptedPrompter(['openai/gpt-4o', '', '']);
    assert.deepEqual(await askLlmChoice(prompter, { model: 'openai/gpt-4o', baseUrl: null, keySet: true }), { model: 'openai/gpt-4o', baseUrl: '' });
    assert.match(prompter.asked[2]?.prompt ?? '', /keep/);
  });

  it('with a base URL and no stored key, an empty key sends none (a local LLM needs none)', async () => {
    const prompter = new ScriptedPrompter(['ollama/llama3', 'http://127.0.0.1:11434', '']);
    assert.deepEqual(await askLlmChoice(prompter, FRESH), { model: 'ollama/llama3', baseUrl: 'http://127.0.0.1:11434' });
  });

  it('refuses an empty key when the provider\'s own endpoint has no key to use', async () => {
    const prompter = new ScriptedPrompter(['openai/gpt-4o', '', undefined]);
    assert.equal(await askLlmChoice(prompter, FRESH), undefined);
    assert.ok(prompter.asked[2]?.validate?.('  '));
  });

  it('refuses an empty model while typed, and a cancel at any step gives nothing', async () => {
    const first = new ScriptedPrompter([undefined]);
    assert.equal(await askLlmChoice(first, FRESH), undefined);
    assert.ok(first.asked[0]?.validate?.('  '));
    assert.equal(await askLlmChoice(new ScriptedPrompter(['x/y', undefined]), FRESH), undefined);
    assert.equal(await askLlmChoice(new ScriptedPrompter(['x/y', '', undefined]), { ...FRESH, keySet: true }), undefined);
  });
});
