// The V0 settings of the mixed line (OpenHands 1.0-1.6, as 1.6.0 answers; the stand-in's --api mixed is held to
// it by the conformance suite): a stored search key sent back as "" is kept there, so clearing it goes as a blank,
// which that line stores as none. On 0.5x "" clears it, and a blank would be kept as a key.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction, ServerApi } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { startContractServer, type ContractServer } from '../../support/standin/contractServer';

const KEY = 'session-key-mixed-0123';
const LINES: Record<'v0' | 'mixed', ServerApi> = {
  v0: { version: '0.54.0', settings: 'v0', conversations: 'v0' },
  mixed: { version: '1.6.0', settings: 'v0', conversations: 'v1' },
};

for (const line of ['v0', 'mixed'] as const) {
  describe(`clearing the search key on the ${line} line`, () => {
    let server: ContractServer;
    before(async () => { server = await startContractServer({ api: line, sessionApiKey: KEY }); });
    after(() => server.close());

    it('clears it, and the LLM key the same way, the other stored secrets kept', async () => {
      const client = createClient({ baseUrl: server.url, fetch: undiciFetch as unknown as FetchFunction, getCredential: async () => sessionCredential(KEY), timeoutMs: 5000 }, LINES[line]);
      await client.storeSettings({ llm_model: 'openai/gpt-4o', llm_api_key: 'sk-llm-mixed', search_api_key: 'tvly-mixed' });
      const cleared = await client.updateSettings({ search_api_key: '' });
      assert.equal(cleared?.search_api_key_set, false);
      assert.equal(cleared?.llm_api_key_set, true);
      assert.ok(!server.storedSettings()?.search_api_key, 'the search key is still stored');
      assert.equal((await client.updateSettings({ llm_api_key: '' }))?.llm_api_key_set, false);
    });
  });
}
