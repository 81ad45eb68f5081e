// The contract server as the conversation suites need it: agent settings stored, the git provider tokens a test
// names, the session key set and the extension's settings loaded again, so that a conversation target sees the
// server's provider_tokens_set. And the POST /api/conversations requests it got.
import * as assert from 'node:assert/strict';
import type { ConversationRequest } from '../../../src/api/v0/schemas';
import type { ProviderTokenSeed } from '../standin/contractServer';
import { secretFor } from '../e2e/context';
import { nextRequest, settledCount } from '../e2e/requests';
import { seedSettings } from '../fixtures/settingsFixture';
import { contract, e2eContext, testingApi } from './support';

/** A provider token of this run (secretFor: the secret scan looks for it everywhere after the run). */
export function token(provider: string): ProviderTokenSeed {
  return { token: secretFor(`${provider}-token`) };
}

/**
 * A reset server with LLM settings stored as a person's first save would, holding `tokens` (what
 * POST /api/add-git-providers would have stored), the key set, and the extension's settings loaded from it.
 */
export async function serverWith(tokens: Record<string, ProviderTokenSeed>): Promise<void> {
  const { contractUrl, sessionApiKey } = e2eContext();
  await contract.reset();
  await seedSettings(contractUrl, sessionApiKey, { llm_model: 'anthropic/claude-sonnet-4-20250514', llm_api_key: secretFor('llm') });
  await contract.seedProviderTokens(tokens);
  await (await testingApi()).setApiKey(sessionApiKey);
  await settledCount(contract.requests); // the key change reloads the settings by itself
  const { settings, session } = await testingApi();
  await settings.refresh();
  assert.equal(session.state, 'connected', `the extension's settings: ${settings.message}`);
  assert.deepEqual(Object.keys(settings.settings?.provider_tokens_set ?? {}).sort(), Object.keys(tokens).sort());
}

/** The next answered POST /api/conversations after request number `from`, its body parsed. */
export async function nextConversationRequest(from: number): Promise<ConversationRequest & Record<string, unknown>> {
  const request = await nextRequest(contract.requests, from, (r) => r.method === 'POST' && r.path === '/api/conversations' && r.status !== 0);
  assert.equal(request.status, 200, `POST /api/conversations answered ${request.status}`);
  return JSON.parse(request.body) as ConversationRequest & Record<string, unknown>;
}
