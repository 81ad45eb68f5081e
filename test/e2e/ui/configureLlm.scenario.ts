// Configure LLM as a newcomer with a local or proxied LLM runs it: model, base URL and key in one flow. On each
// line's stand-in: a base URL that is no http(s) URL is refused while typed; a first save with a base URL and no
// key stores both and sends no key; a second run with an empty key keeps the stored one.
import * as assert from 'node:assert/strict';
import { onEachLine } from '../harness/scenario';
import type { ContractServer } from '../../support/standin/contractServer';
import { storedField } from '../../support/storedSettings';
import { answerInput, key, setApiKey } from '../harness/ui/conversationSteps';

/** The server's stored settings once `done` holds for them (a save is on its way until then). */
async function storedOnce(server: ContractServer, done: (stored: Record<string, unknown> | null) => boolean): Promise<Record<string, unknown> | null> {
  const deadline = Date.now() + 30_000;
  while (!done(server.storedSettings())) {
    if (Date.now() > deadline) throw new Error(`the server did not store what was expected: ${JSON.stringify(Object.keys(server.storedSettings() ?? {}))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return server.storedSettings();
}

const OLLAMA = 'ollama/llama3.1';
const BASE_URL = 'http://127.0.0.1:11434';

export default onEachLine('Configure LLM sets the base URL and takes an empty key', async ({ workbench, server, line, context }) => {
  await setApiKey(workbench, context);
  await workbench.runCommand('OpenHands: Configure LLM');
  await answerInput(workbench, 'Configure LLM (1/3): model', OLLAMA);
  const widget = workbench.page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: 'Configure LLM (2/3): base URL' }).waitFor({ timeout: 30_000 });
  await widget.locator('.quick-input-box input').fill('localhost:11434');
  await widget.locator('.quick-input-message', { hasText: 'Enter an http:// or https:// URL, or nothing.' }).waitFor({ timeout: 10_000 });
  await workbench.screenshot('refused-url');
  await answerInput(workbench, 'Configure LLM (2/3): base URL', BASE_URL);
  const { prompt } = await answerInput(workbench, 'Configure LLM (3/3): API key', '', { password: true, shot: 'no-key' });
  assert.match(prompt, /if the endpoint needs one/);
  const first = await storedOnce(server, (stored) => storedField(line, stored, 'llm_model') === OLLAMA);
  assert.equal(storedField(line, first, 'llm_model'), OLLAMA);
  assert.equal(storedField(line, first, 'llm_base_url'), BASE_URL);
  assert.ok(!storedField(line, first, 'llm_api_key'), 'no key sent');

  // A key stored meanwhile (as the panel would), then the flow again with the key left empty: the key stays.
  const llmKey = key(context, 'llm-kept');
  await workbench.runCommand('OpenHands: Configure LLM');
  await answerInput(workbench, 'Configure LLM (1/3): model', OLLAMA);
  await answerInput(workbench, 'Configure LLM (2/3): base URL', BASE_URL);
  await answerInput(workbench, 'Configure LLM (3/3): API key', llmKey, { password: true });
  await storedOnce(server, (stored) => storedField(line, stored, 'llm_api_key') === llmKey);
  await workbench.runCommand('OpenHands: Configure LLM');
  await answerInput(workbench, 'Configure LLM (1/3): model', 'ollama/qwen2.5');
  await answerInput(workbench, 'Configure LLM (2/3): base URL', BASE_URL);
  const again = await answerInput(workbench, 'Configure LLM (3/3): API key', '', { password: true });
  assert.match(again.prompt, /Leave it empty to keep the stored key/);
  const last = await storedOnce(server, (stored) => storedField(line, stored, 'llm_model') === 'ollama/qwen2.5');
  assert.equal(storedField(line, last, 'llm_model'), 'ollama/qwen2.5');
  assert.equal(storedField(line, last, 'llm_api_key'), llmKey, 'the stored key is kept');
  await workbench.screenshot('kept');
}, { timeoutMs: 150_000 });
