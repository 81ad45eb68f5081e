// The mixed line (1.0-1.6, 1.6.0 seen): V0 settings at /api/settings, conversations both V0 and V1. Its suites are
// the V0 settings ones and the V1 conversation one, each expecting the line's own answers (target.api 'mixed').
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import { authSuite } from './auth.suite';
import { SETTINGS_STORED, assertJson } from './expected';
import { freshSuite } from './fresh.suite';
import { settingsSuite } from './settings.suite';
import type { Client } from './target';
import { v1ConversationsSuite } from './v1Conversations.suite';
import { validationSuite } from './validation.suite';

export function mixedSuites(client: Client): void {
  authSuite(client);
  freshSuite(client, { fresh: false });
  settingsSuite(client);
  validationSuite(client);
  // A V1 start takes its LLM from the V0 settings: pointed at a closed port, as on the V1 servers.
  describe('V0 settings for the V1 starts', () => {
    it('the LLM at a closed port: 200', async () => {
      const body = '{"llm_model":"openai/gpt-4o","llm_api_key":"sk-conformance","llm_base_url":"http://127.0.0.1:9/v1"}';
      assertJson(await client.post('/api/settings', body), 200, SETTINGS_STORED);
    });
  });
  v1ConversationsSuite(client);
  mixedClientSuite(client);
}

/**
 * The extension's client end to end on the line's V0 settings, as the extension connects (the API detected): a
 * search key set, then cleared, which this line does not do on "" (the client sends a blank, stored as none),
 * the LLM key kept; then the LLM key cleared.
 */
function mixedClientSuite(raw: Client): void {
  describe('client, the V0 settings of the mixed line', () => {
    it('connects as V0 settings and V1 conversations; the search key set and cleared, then the LLM key cleared', async () => {
      const { baseUrl, apiKey } = raw.target;
      const fetch = undiciFetch as unknown as FetchFunction;
      const client = await connectClient({ baseUrl, fetch, getCredential: async () => sessionCredential(apiKey), timeoutMs: 30_000 });
      assert.deepEqual([client.api.settings, client.api.conversations], ['v0', 'v1']);
      assert.equal((await client.updateSettings({ search_api_key: 'tvly-mixed-client' }))?.search_api_key_set, true);
      const cleared = await client.updateSettings({ search_api_key: '' });
      assert.deepEqual([cleared?.search_api_key_set, cleared?.llm_api_key_set], [false, true]);
      assert.equal((await client.loadSettings())?.search_api_key_set, false);
      assert.equal((await client.updateSettings({ llm_api_key: '' }))?.llm_api_key_set, false);
    });
  });
}
