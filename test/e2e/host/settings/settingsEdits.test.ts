// Each edit of the Settings panel reaches the contract server as one save that changes only the edited field:
// every other field, the stored LLM key and search key included, is what it was. Actions that ask nothing are
// run as the panel runs them (the command with the row's node); the ones that ask through an input box or a
// modal dialog are run through the controller with the answer (the UI scenarios type those answers).
// Against both API lines' stand-ins: V0 keeps one flat object, V1 a nested one saved as diffs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { McpConfig } from '../../../../src/api/model/settings';
import { withEntry, withoutEntry, type McpEntry, type McpListKey } from '../../../../src/core/settings/mcpEntries';
import { Command } from '../../../../src/vscode/platform/ids';
import { SECRETS, SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { assertNoSecretShown, connectToSeededServer, expectOnlyChange, rendered, shown, treeNode } from '../../harness/host/settingsSupport';
import { describeOnEachLine, itExceptOn, testingApi } from '../../harness/host/support';
import { storedField } from '../../../support/storedSettings';

const SEEDED_MCP = SEEDED_SETTINGS.mcp_config as unknown as McpConfig;

describeOnEachLine('Settings panel: an edit changes only its field', (server) => {
  beforeEach(() => connectToSeededServer(server));
  const expectOnly = (edit: () => Thenable<unknown>, change: Record<string, unknown>) => expectOnlyChange(edit, change, server);

  it('Edit Setting on Confirmation mode turns it on, and off again', async () => {
    await expectOnly(async () => vscode.commands.executeCommand(Command.EditSetting, await treeNode('field:confirmation_mode')), {
      confirmation_mode: true,
    });
    assert.equal(await shown('field:confirmation_mode'), 'on');
    await expectOnly(async () => vscode.commands.executeCommand(Command.EditSetting, await treeNode('field:confirmation_mode')), {
      confirmation_mode: false,
    });
    assert.equal(await shown('field:confirmation_mode'), 'off');
  });

  it('changing the model', async () => {
    const { settings } = await testingApi();
    await expectOnly(() => settings.edit('llm_model', 'openai/gpt-4o', 'Model'), { llm_model: 'openai/gpt-4o' });
    assert.equal(await shown('field:llm_model'), 'openai/gpt-4o');
  });

  it('setting the LLM API key', async () => {
    const { settings } = await testingApi();
    const newKey = 'sk-e2e-replaced-key-8d41';
    await expectOnly(() => settings.edit('llm_api_key', newKey, 'API key'), { llm_api_key: newKey });
    assert.equal(await shown('field:llm_api_key'), 'set');
    await assertNoSecretShown([newKey, SECRETS.searchApiKey]);
  });

  it('clearing the LLM API key', async () => {
    const { settings } = await testingApi();
    await expectOnly(() => settings.edit('llm_api_key', '', 'API key'), { llm_api_key: '' });
    assert.equal(await shown('field:llm_api_key'), 'not set');
    const { item } = await rendered('field:llm_api_key');
    assert.doesNotMatch(String(item.contextValue), /\bsecretSet\b/, 'a cleared key still offers Clear Secret');
  });

  const added: Record<McpListKey, McpEntry> = {
    sse_servers: { url: 'https://tools.example.test/sse', api_key: 'mcp-e2e-added-sse-key-6a0f' },
    shttp_servers: { url: 'https://tools.example.test/mcp', api_key: null },
    stdio_servers: { name: 'github', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: 'ghp-e2e-env-21c9' } },
  };
  const rows: Record<McpListKey, { label: string; description: string }> = {
    sse_servers: { label: 'https://tools.example.test/sse', description: 'API key set' },
    shttp_servers: { label: 'https://tools.example.test/mcp', description: 'no API key' },
    stdio_servers: { label: 'github', description: 'npx -y @modelcontextprotocol/server-github · env: GITHUB_TOKEN' },
  };

  for (const list of ['sse_servers', 'shttp_servers', 'stdio_servers'] as const) {
    itExceptOn(server, 'v1', 'it keeps no MCP servers in this shape')(`adding and removing one ${list} MCP server`, async () => {
      const { settings } = await testingApi();
      const entry = added[list];
      await expectOnly(
        () => settings.update('mcp_config', (current) => ({ mcp_config: withEntry(current?.mcp_config, list, entry) }), undefined, 'MCP servers'),
        { mcp_config: { ...SEEDED_MCP, [list]: [...(SEEDED_MCP[list] ?? []), entry] } },
      );
      const row = await rendered(`mcp:${list}:1`);
      assert.deepEqual({ label: row.item.label, description: row.item.description }, rows[list]);
      assert.equal(await shown(`mcp:${list}`), '2');
      await assertNoSecretShown(['mcp-e2e-added-sse-key-6a0f', 'ghp-e2e-env-21c9', ...Object.values(SECRETS)]);

      await expectOnly(
        () => settings.update('mcp_config', (current) => ({ mcp_config: withoutEntry(current?.mcp_config, list, 1) }), undefined, 'MCP servers'),
        { mcp_config: SEEDED_MCP },
      );
      assert.equal(await shown(`mcp:${list}`), '1');
      await assert.rejects(rendered(`mcp:${list}:1`), /no node/);
    });
  }

  it('keeps the stored secrets through a series of edits', async () => {
    const { settings } = await testingApi();
    await settings.edit('git_user_name', 'Renamed Agent', 'User name');
    await vscode.commands.executeCommand(Command.ResetSetting, await treeNode('field:max_iterations'));
    await vscode.commands.executeCommand(Command.EditSetting, await treeNode('field:enable_sound_notifications'));
    const stored = await server.storedSettings();
    const field = (name: string) => storedField(server.line, stored, name);
    assert.equal(field('llm_api_key'), SECRETS.llmApiKey);
    assert.equal(field('search_api_key'), SECRETS.searchApiKey);
    if (server.line === 'v0') assert.deepEqual(field('mcp_config'), SEEDED_MCP); // V1 keeps no MCP servers in this shape
    assert.deepEqual(
      { git_user_name: field('git_user_name'), max_iterations: field('max_iterations'), enable_sound_notifications: field('enable_sound_notifications') },
      { git_user_name: 'Renamed Agent', max_iterations: null, enable_sound_notifications: false },
    );
  });
});
