// Edits made in quick succession, none waiting for the one before: each reaches the server in the order it
// was made, each starts from what the previous one stored (so none is lost), and the panel shows the last value
// asked for a field as saving until that one, not an earlier one, is stored.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { McpConfig } from '../../../../src/api/model/settings';
import { withEntry, type McpEntry } from '../../../../src/core/settings/mcpEntries';
import { Command } from '../../../../src/vscode/platform/ids';
import { SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { connectToSeededServer, shown, treeNode } from '../../harness/host/settingsSupport';
import { contract, describeOnEachLine, itExceptOn, testingApi } from '../../harness/host/support';

const SEEDED_MCP = SEEDED_SETTINGS.mcp_config as unknown as McpConfig;

// On V1 the same burst is covered by the random-edit property test's racing edits (test/api/v1).
describeOnEachLine('Settings panel: edits in quick succession', (server) => {
  beforeEach(() => connectToSeededServer(server));

  itExceptOn(server, 'v1', 'the burst adds MCP servers, which V1 keeps in another shape')('are applied in order and none is lost', async () => {
    const { settings } = await testingApi();
    const before = await contract.storedSettings();
    const from = (await contract.requests()).length;
    const confirmation = await treeNode('field:confirmation_mode');
    const sse: McpEntry = { url: 'https://burst.example.test/sse', api_key: null };
    const stdio: McpEntry = { name: 'burst', command: 'npx', args: ['-y', 'burst-server'], env: {} };
    const addMcp = (list: 'sse_servers' | 'stdio_servers', entry: McpEntry) =>
      settings.update('mcp_config', (current) => ({ mcp_config: withEntry(current?.mcp_config, list, entry) }), undefined, 'MCP servers');

    const edits: Thenable<unknown>[] = [
      vscode.commands.executeCommand(Command.EditSetting, confirmation), // off -> on
      settings.edit('llm_model', 'openai/o3', 'Model'),
      settings.edit('max_iterations', 42, 'Max iterations'),
      addMcp('sse_servers', sse),
      addMcp('stdio_servers', stdio),
      vscode.commands.executeCommand(Command.EditSetting, confirmation), // on -> off again
      settings.edit('llm_model', 'gemini/gemini-2.5-pro', 'Model'),
      settings.edit('search_api_key', 'tvly-e2e-burst-5e2d', 'Search API key'),
    ];

    // The panel shows the last value asked for each field, as saving.
    assert.equal(await shown('field:llm_model'), 'gemini/gemini-2.5-pro (saving…)');
    assert.equal(await shown('field:confirmation_mode'), 'off (saving…)');
    await edits[1];
    // The first model edit is stored; the second is still on its way and still shown.
    assert.equal(await shown('field:llm_model'), 'gemini/gemini-2.5-pro (saving…)');

    assert.deepEqual(await Promise.all(edits), edits.map(() => true));

    const posts = (await contract.requests()).slice(from).filter((r) => r.method === 'POST' && r.path === '/api/settings');
    const sent = posts.map((post) => {
      const body = JSON.parse(post.body) as Record<string, unknown>;
      const mcp = body.mcp_config as McpConfig;
      return {
        confirmation_mode: body.confirmation_mode,
        llm_model: body.llm_model,
        max_iterations: body.max_iterations,
        mcp: `${mcp.sse_servers?.length}/${mcp.stdio_servers?.length}`,
        search_api_key: body.search_api_key,
      };
    });
    const row = (confirmation_mode: boolean, llm_model: string, max_iterations: number, mcp: string, search_api_key?: string) =>
      ({ confirmation_mode, llm_model, max_iterations, mcp, search_api_key });
    assert.deepEqual(sent, [
      row(true, 'anthropic/claude-sonnet-4-20250514', 60, '1/1'),
      row(true, 'openai/o3', 60, '1/1'),
      row(true, 'openai/o3', 42, '1/1'),
      row(true, 'openai/o3', 42, '2/1'),
      row(true, 'openai/o3', 42, '2/2'),
      row(false, 'openai/o3', 42, '2/2'),
      row(false, 'gemini/gemini-2.5-pro', 42, '2/2'),
      row(false, 'gemini/gemini-2.5-pro', 42, '2/2', 'tvly-e2e-burst-5e2d'),
    ]);
    assert.ok(posts.every((post) => post.status === 200), 'a save was refused');

    assert.deepEqual(await contract.storedSettings(), {
      ...before,
      llm_model: 'gemini/gemini-2.5-pro',
      max_iterations: 42,
      mcp_config: { ...SEEDED_MCP, sse_servers: [...(SEEDED_MCP.sse_servers ?? []), sse], stdio_servers: [...(SEEDED_MCP.stdio_servers ?? []), stdio] },
      search_api_key: 'tvly-e2e-burst-5e2d',
    });
    assert.equal(await shown('field:llm_model'), 'gemini/gemini-2.5-pro');
    assert.equal(await shown('field:confirmation_mode'), 'off');
    assert.equal(await shown('mcp:sse_servers'), '2');
    assert.equal(await shown('mcp:stdio_servers'), '2');
    assert.equal(settings.pending.size, 0);
  });
});
