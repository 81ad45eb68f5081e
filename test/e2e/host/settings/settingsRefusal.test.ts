// A save the server refuses with a 422 (FastAPI's body, as OpenHands answers a field that fails validation):
// the panel shows the edit as saving while it is on its way, then rolls back to what the server has, keeps
// nothing of the refused value, and says which field was refused and why.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../../support/standin/contractServer';
import { withEntry } from '../../../../src/core/settings/mcpEntries';
import { Command } from '../../../../src/vscode/platform/ids';
import { nextRequest } from '../../../support/e2e/requests';
import { fastApi422 } from '../../../support/fixtures/settingsFixture';
import { connectToSeededServer, rendered, shown, treeNode } from '../../../support/host/settingsSupport';
import { contract, testingApi } from '../../../support/host/support';

/**
 * Runs `edit` and makes the server refuse its POST with `body`: the edit's fresh GET is held for a moment (a
 * fault without status delays the real answer), and while it is held the 422 fault is put in place for the
 * request that follows it, the POST. Calls `whileSaving` while the GET is held.
 */
async function refusePost(edit: () => Thenable<unknown>, body: string, whileSaving: () => Promise<void>): Promise<{ saved: unknown; post: RecordedRequest }> {
  await contract.setFault({ delayMs: 3000, times: 1, pathPrefix: '/api/settings' });
  const from = (await contract.requests()).length;
  const saving = edit();
  await nextRequest(contract.requests, from, (r) => r.method === 'GET' && r.status === 0);
  await contract.setFault({ status: 422, body, times: 1, pathPrefix: '/api/settings' });
  await whileSaving();
  const saved = await saving;
  const post = (await contract.requests()).slice(from).find((r) => r.method === 'POST');
  assert.ok(post, 'the edit sent no POST');
  return { saved, post };
}

describe('Settings panel: a refused save', () => {
  beforeEach(connectToSeededServer);
  afterEach(() => contract.setFault(null));

  it('rolls a toggle back and names the field and the reason', async () => {
    const { settings, settingsTree } = await testingApi();
    const before = await contract.storedSettings();
    const { saved, post } = await refusePost(
      async () => vscode.commands.executeCommand(Command.EditSetting, await treeNode('field:confirmation_mode')),
      fastApi422(['confirmation_mode'], 'Input should be a valid boolean', 'maybe', 'bool_parsing'),
      async () => {
        const { item } = await rendered('field:confirmation_mode');
        assert.equal(item.description, 'on (saving…)');
        assert.doesNotMatch(String(item.contextValue), /\beditable\b/, 'a field being saved still offers Edit');
      },
    );
    assert.equal(saved, false);
    assert.equal(post.status, 422);
    assert.equal(JSON.parse(post.body).confirmation_mode, true);
    assert.deepEqual(await contract.storedSettings(), before);
    const { item } = await rendered('field:confirmation_mode');
    assert.equal(item.description, 'off');
    assert.match(String(item.contextValue), /\beditable\b/);
    assert.equal(settings.pending.size, 0);
    assert.equal(settings.settings?.confirmation_mode, false);
    const message = settingsTree.view.message ?? '';
    assert.match(message, /Confirmation mode/);
    assert.match(message, /confirmation_mode: Input should be a valid boolean/);
    assert.doesNotMatch(message, /^Saved/);
  });

  it('rolls an added MCP server back and names the entry and the reason', async () => {
    const { settings, settingsTree } = await testingApi();
    const before = await contract.storedSettings();
    const entry = { url: 'https://refused.example.test/sse', api_key: null };
    const { saved, post } = await refusePost(
      () => settings.update('mcp_config', (current) => ({ mcp_config: withEntry(current?.mcp_config, 'sse_servers', entry) }), undefined, 'MCP servers'),
      fastApi422(['mcp_config', 'sse_servers', 1, 'url'], 'Value error, URL must include a valid domain/host', entry.url),
      async () => assert.equal((await rendered('group:mcp')).item.description, 'saving…'),
    );
    assert.equal(saved, false);
    assert.equal(post.status, 422);
    assert.deepEqual(await contract.storedSettings(), before);
    assert.equal((await rendered('group:mcp')).item.description, undefined);
    assert.equal(await shown('mcp:sse_servers'), '1');
    await assert.rejects(rendered('mcp:sse_servers:1'), /no node/);
    assert.match(settingsTree.view.message ?? '', /MCP servers.*mcp_config\.sse_servers\.1\.url: URL must include a valid domain\/host/);
  });
});
