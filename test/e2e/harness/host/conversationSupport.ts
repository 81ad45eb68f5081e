// The contract server as the conversation suites need it: agent settings stored, the git provider tokens a test
// names, the session key set and the extension's settings loaded again, so that a conversation target sees the
// server's provider_tokens_set. And the start requests it got (V0: POST /api/conversations, V1: POST
// /api/v1/app-conversations).
import * as assert from 'node:assert/strict';
import type { ConversationRequest } from '../../../../src/api/model/conversations';
import type { ProviderTokenSeed } from '../../../support/standin/contractServer';
import { secretFor } from '../context';
import { nextRequest, settledCount } from '../requests';
import { seedSettings } from '../../../support/fixtures/settingsFixture';
import { contract, e2eContext, testingApi, type StandIn } from './support';

/** A provider token of this run (secretFor: the secret scan looks for it everywhere after the run). */
export function token(provider: string): ProviderTokenSeed {
  return { token: secretFor(`${provider}-token`) };
}

/**
 * A reset server (`server`, the extension pointed at it; default the run's V0 one) with LLM settings stored as a
 * person's first save would, holding `tokens` (what POST /api/add-git-providers would have stored), the key
 * set, and the extension's settings loaded from it.
 */
export async function serverWith(tokens: Record<string, ProviderTokenSeed>, server: StandIn = contract): Promise<void> {
  const { sessionApiKey } = e2eContext();
  await server.reset();
  await seedSettings(server.url, sessionApiKey, { llm_model: 'anthropic/claude-sonnet-4-20250514', llm_api_key: secretFor('llm') }, server.line);
  await server.seedProviderTokens(tokens);
  await (await testingApi()).setApiKey(sessionApiKey);
  await settledCount(server.requests); // the key change reloads the settings by itself
  const { settings, session } = await testingApi();
  await settings.refresh();
  assert.equal(session.state, 'connected', `the extension's settings: ${settings.message}`);
  assert.deepEqual(Object.keys(settings.settings?.provider_tokens_set ?? {}).sort(), Object.keys(tokens).sort());
}

/** The next answered start request after request number `from`, its body parsed. */
export async function nextConversationRequest(from: number, server: StandIn = contract): Promise<ConversationRequest & Record<string, unknown>> {
  const request = await nextRequest(server.requests, from, (r) => r.method === 'POST' && r.path === server.startPath && r.status !== 0);
  assert.equal(request.status, 200, `POST ${server.startPath} answered ${request.status}`);
  return JSON.parse(request.body) as ConversationRequest & Record<string, unknown>;
}
