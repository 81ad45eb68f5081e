// The demo's stand-in (npm run demo): a conversation a newcomer starts on the workspace's github repository, as
// the extension's client starts and follows it, runs and then ends finished.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OpenHandsClient } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import { prepareDemoServer } from '../e2e/harness/demoServer';
import { startContractServer, type ContractServer } from '../support/standin/contractServer';
import { until } from '../support/until';

const KEY = 'demo-test-key';

describe('the demo stand-in', () => {
  let server: ContractServer;
  let client: OpenHandsClient;
  before(async () => {
    server = await startContractServer({ api: 'v1', host: '127.0.0.1', port: 0, sessionApiKey: KEY });
    prepareDemoServer(server, 300);
    client = await connectClient({ baseUrl: server.url, fetch, getCredential: async () => sessionCredential(KEY), timeoutMs: 5000 });
  });
  after(() => server.close());

  it('speaks 1.11.0 without a web UI; a repository start ends finished', async () => {
    assert.deepEqual([client.api.version, client.api.conversations, client.api.webUi], ['1.11.0', 'v1', false]);
    await client.storeSettings({ llm_model: 'openai/gpt-4o', llm_api_key: 'sk-demo' });
    const started = await client.createConversation({
      initial_user_msg: 'Add a README section', repository: 'octo/widgets', selected_branch: 'feature/e2e', git_provider: 'github',
    });
    const stateOf = async () => (await client.getConversations([started.conversation_id]))[0]?.state;
    assert.equal(await until('the run to end', async () => ((await stateOf()) === 'finished' ? 'finished' : undefined), 5000), 'finished');
  });
});
