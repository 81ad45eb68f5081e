// The Settings panel over a seeded server: it shows the server's values in their groups, and never a secret
// in a label, description or tooltip, not even while a new secret is on its way.
import * as assert from 'node:assert/strict';
import { nextRequest } from '../../../support/e2e/requests';
import { SECRETS, SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { assertNoSecretShown, connectToSeededServer, rendered, renderedTree, shown } from '../../../support/host/settingsSupport';
import { contract, e2eContext, testingApi } from '../../../support/host/support';

describe('Settings panel: a seeded server', () => {
  beforeEach(connectToSeededServer);
  afterEach(() => contract.setFault(null));

  it('shows the groups of the panel', async () => {
    const groups = (await renderedTree()).filter((r) => r.node.id.startsWith('group:')).map((r) => r.item.label);
    assert.deepEqual(groups, ['LLM', 'Agent', 'Sandbox', 'Search', 'Git identity', 'MCP servers', 'Features', 'Account', 'Git providers']);
  });

  it("shows the server's values", async () => {
    const expected: Record<string, string> = {
      'field:llm_model': SEEDED_SETTINGS.llm_model,
      'field:llm_base_url': SEEDED_SETTINGS.llm_base_url,
      'field:llm_api_key': 'set',
      'field:max_budget_per_task': '12.5',
      'field:agent': 'CodeActAgent',
      'field:max_iterations': '60',
      'field:confirmation_mode': 'off',
      'field:security_analyzer': 'llm',
      'field:language': 'de',
      'field:enable_default_condenser': 'off',
      'field:sandbox_base_container_image': 'python:3.12-bookworm',
      'field:sandbox_runtime_container_image': 'not set',
      'field:remote_runtime_resource_factor': '2',
      'field:search_api_key': 'set',
      'field:git_user_name': 'E2E Agent',
      'field:git_user_email': 'agent@example.test',
      'field:enable_sound_notifications': 'on',
      'field:enable_proactive_conversation_starters': 'off',
      'field:enable_solvability_analysis': 'on (default)',
      'field:user_consents_to_analytics': 'on',
      'mcp:sse_servers': '1',
      'mcp:sse_servers:0': 'API key set',
      'mcp:shttp_servers': '1',
      'mcp:shttp_servers:0': 'API key set',
      'mcp:stdio_servers': '1',
      'mcp:stdio_servers:0': 'uvx mcp-server-fetch --timeout 30 · env: FETCH_TOKEN',
    };
    const actual: Record<string, string | undefined> = {};
    for (const id of Object.keys(expected)) actual[id] = await shown(id);
    assert.deepEqual(actual, expected);
    assert.equal((await rendered('mcp:sse_servers:0')).item.label, 'https://mcp.example.test/sse');
    assert.equal((await rendered('mcp:shttp_servers:0')).item.label, 'https://mcp.example.test/mcp');
    assert.equal((await rendered('mcp:stdio_servers:0')).item.label, 'fetch');
  });

  it('shows no secret in any label, description or tooltip', async () => {
    await assertNoSecretShown([...Object.values(SECRETS), e2eContext().sessionApiKey]);
  });

  it('shows no secret while a new LLM key is being saved', async () => {
    const { settings } = await testingApi();
    const newKey = 'sk-e2e-pending-key-3b8e';
    // Holds the edit's fresh load, so the new key stays pending while the panel is read.
    await contract.setFault({ delayMs: 3000, times: 1, pathPrefix: '/api/settings' });
    const from = (await contract.requests()).length;
    const saving = settings.edit('llm_api_key', newKey, 'API key');
    await nextRequest(contract.requests, from, (r) => r.method === 'GET' && r.status === 0);
    assert.equal(await shown('field:llm_api_key'), 'set (saving…)');
    await assertNoSecretShown([newKey, ...Object.values(SECRETS)]);
    assert.equal(await saving, true);
    assert.equal((await contract.storedSettings())?.llm_api_key, newKey);
    await assertNoSecretShown([newKey, ...Object.values(SECRETS)]);
  });
});
