// The Settings panel over a seeded server: it shows the server's values in their groups, and never a secret
// in a label, description or tooltip, not even while a new secret is on its way. Against both API lines'
// stand-ins; a V1 server keeps neither MCP servers (in this shape) nor solvability analysis, and publishes the
// shape of its other settings (the Advanced group).
import * as assert from 'node:assert/strict';
import { nextRequest } from '../../harness/requests';
import { storedField } from '../../../support/storedSettings';
import { SECRETS, SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { assertNoSecretShown, connectToSeededServer, rendered, renderedTree, shown } from '../../harness/host/settingsSupport';
import { describeOnEachLine, e2eContext, testingApi } from '../../harness/host/support';

const GROUPS = {
  v0: ['LLM', 'Agent', 'Sandbox', 'Search', 'Git identity', 'MCP servers', 'Features', 'Account', 'Git providers'],
  v1: ['LLM', 'Agent', 'Sandbox', 'Search', 'Git identity', 'Features', 'Account', 'Git providers', 'Advanced'],
};
const MCP_ROWS = {
  'mcp:sse_servers': '1',
  'mcp:sse_servers:0': 'API key set',
  'mcp:shttp_servers': '1',
  'mcp:shttp_servers:0': 'API key set',
  'mcp:stdio_servers': '1',
  'mcp:stdio_servers:0': 'uvx mcp-server-fetch --timeout 30 · env: FETCH_TOKEN',
};

describeOnEachLine('Settings panel: a seeded server', (server) => {
  beforeEach(() => connectToSeededServer(server));
  afterEach(() => server.setFault(null));

  it('shows the groups of the panel', async () => {
    const groups = (await renderedTree()).filter((r) => r.node.id.startsWith('group:')).map((r) => r.item.label);
    assert.deepEqual(groups, GROUPS[server.line]);
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
      'field:user_consents_to_analytics': 'on',
      // V1 keeps neither (the rows are not shown).
      ...(server.line === 'v0' ? { 'field:enable_solvability_analysis': 'on (default)', ...MCP_ROWS } : {}),
    };
    const actual: Record<string, string | undefined> = {};
    for (const id of Object.keys(expected)) actual[id] = await shown(id);
    assert.deepEqual(actual, expected);
    if (server.line === 'v1') {
      for (const id of ['field:enable_solvability_analysis', 'group:mcp']) await assert.rejects(rendered(id), /no node/);
      return;
    }
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
    // Holds the edit's first request (V0: its fresh load; V1: the diff), so the new key stays pending while the
    // panel is read.
    await server.setFault({ delayMs: 3000, times: 1, pathPrefix: server.settingsPath });
    const from = (await server.requests()).length;
    const saving = settings.edit('llm_api_key', newKey, 'API key');
    await nextRequest(server.requests, from, (r) => r.path === server.settingsPath && r.status === 0);
    assert.equal(await shown('field:llm_api_key'), 'set (saving…)');
    await assertNoSecretShown([newKey, ...Object.values(SECRETS)]);
    assert.equal(await saving, true);
    assert.equal(storedField(server.line, await server.storedSettings(), 'llm_api_key'), newKey);
    await assertNoSecretShown([newKey, ...Object.values(SECRETS)]);
  });
});
