// A save the server refuses with a 422 (FastAPI's body, as OpenHands answers a field that fails validation):
// the panel shows the edit as saving while it is on its way, then rolls back to what the server has, keeps
// nothing of the refused value, and says which field was refused and why. Against both API lines' stand-ins.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../../support/standin/contractServer';
import { withEntry } from '../../../../src/core/settings/mcpEntries';
import { Command } from '../../../../src/vscode/platform/ids';
import { nextRequest } from '../../harness/requests';
import { fastApi422 } from '../../../support/fixtures/settingsFixture';
import { connectToSeededServer, rendered, shown, treeNode } from '../../harness/host/settingsSupport';
import { describeOnEachLine, itExceptOn, testingApi, type StandIn } from '../../harness/host/support';
import { sentAt, valueAt } from '../../../support/storedSettings';

/**
 * Runs `edit` and makes the server refuse its POST with `body`: the edit's fresh GET is held for a moment (a
 * fault without status delays the real answer), and while it is held the 422 fault is put in place for the
 * request that follows it, the POST. Calls `whileSaving` while the GET is held.
 */
async function refusePost(server: StandIn, edit: () => Thenable<unknown>, body: string, whileSaving: () => Promise<void>): Promise<{ saved: unknown; post: RecordedRequest }> {
  await server.setFault({ delayMs: 3000, times: 1, pathPrefix: server.settingsPath });
  const from = (await server.requests()).length;
  const saving = edit();
  await nextRequest(server.requests, from, (r) => r.method === 'GET' && r.status === 0);
  await server.setFault({ status: 422, body, times: 1, pathPrefix: server.settingsPath });
  await whileSaving();
  const saved = await saving;
  const post = (await server.requests()).slice(from).find((r) => r.method === 'POST');
  assert.ok(post, 'the edit sent no POST');
  return { saved, post };
}

describeOnEachLine('Settings panel: a refused save', (server) => {
  beforeEach(() => connectToSeededServer(server));
  afterEach(() => server.setFault(null));

  it('rolls a toggle back and names the field and the reason', async () => {
    const { settings, settingsTree } = await testingApi();
    const before = await server.storedSettings();
    const { saved, post } = await refusePost(server,
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
    assert.equal(valueAt(JSON.parse(post.body) as Record<string, unknown>, sentAt(server.line, 'confirmation_mode')), true);
    assert.deepEqual(await server.storedSettings(), before);
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

  itExceptOn(server, 'v1', 'it keeps no MCP servers in this shape')('rolls an added MCP server back and names the entry and the reason', async () => {
    const { settings, settingsTree } = await testingApi();
    const before = await server.storedSettings();
    const entry = { url: 'https://refused.example.test/sse', api_key: null };
    const { saved, post } = await refusePost(server,
      () => settings.update('mcp_config', (current) => ({ mcp_config: withEntry(current?.mcp_config, 'sse_servers', entry) }), undefined, 'MCP servers'),
      fastApi422(['mcp_config', 'sse_servers', 1, 'url'], 'Value error, URL must include a valid domain/host', entry.url),
      async () => assert.equal((await rendered('group:mcp')).item.description, 'saving…'),
    );
    assert.equal(saved, false);
    assert.equal(post.status, 422);
    assert.deepEqual(await server.storedSettings(), before);
    assert.equal((await rendered('group:mcp')).item.description, undefined);
    assert.equal(await shown('mcp:sse_servers'), '1');
    await assert.rejects(rendered('mcp:sse_servers:1'), /no node/);
    assert.match(settingsTree.view.message ?? '', /MCP servers.*mcp_config\.sse_servers\.1\.url: URL must include a valid domain\/host/);
  });
});
