// The extension's client end to end on the mixed line's V0 settings (1.0-1.6, 1.6.0 seen), connected as the
// extension connects (the API detected). Leaves the LLM key cleared: the suite after it stores LLM settings again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import type { Client } from './target';

/**
 * The extension's client end to end on the line's V0 settings, as the extension connects (the API detected): a
 * search key set, then cleared, which this line does not do on "" (the client sends a blank, stored as none),
 * the LLM key kept; then the LLM key cleared.
 */
export function mixedClientSuite(raw: Client): void {
  describe('client, the V0 settings of the mixed line', () => {
    it('connects as V0 settings and V1 conversations; settings stored, a search key set and cleared, then the LLM key cleared', async () => {
      const { baseUrl, apiKey } = raw.target;
      const fetch = undiciFetch as unknown as FetchFunction;
      const client = await connectClient({ baseUrl, fetch, getCredential: async () => sessionCredential(apiKey), timeoutMs: 30_000 });
      assert.deepEqual([client.api.settings, client.api.conversations], ['v0', 'v1']);
      await client.storeSettings({ llm_model: 'openai/gpt-4o', llm_api_key: 'sk-mixed-client' }); // whatever the suites before left
      assert.equal((await client.updateSettings({ search_api_key: 'tvly-mixed-client' }))?.search_api_key_set, true);
      const cleared = await client.updateSettings({ search_api_key: '' });
      assert.deepEqual([cleared?.search_api_key_set, cleared?.llm_api_key_set], [false, true]);
      assert.equal((await client.loadSettings())?.search_api_key_set, false);
      assert.equal((await client.updateSettings({ llm_api_key: '' }))?.llm_api_key_set, false);
    });
  });
}
