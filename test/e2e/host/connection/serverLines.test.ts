// The OpenHands lines in the real extension host: a stand-in of each (0.5x, 1.0-1.6, current 1.x) is told apart
// once per connection and named in the Settings view, a V1 server's first save, an edit and a start work through
// the V1 API, and a server that speaks neither (or answers HTML) gets its own state.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startContractServer, type ApiLine, type ContractServer } from '../../../support/standin/contractServer';
import { folderOutsideGit } from '../../harness/host/gitRepos';
import { waitForState } from '../../harness/host/settingsSupport';
import { e2eContext, testingApi, useServer } from '../../harness/host/support';
import { startLoopbackServer, type LoopbackServer } from '../../../support/loopbackServer';


describe('OpenHands lines (detection, V1)', function () {
  this.timeout(60_000);
  const started: { close(): Promise<void> }[] = [];
  const key = () => e2eContext().sessionApiKey;

  async function connect(api: ApiLine): Promise<ContractServer> {
    const server = await startContractServer({ api, sessionApiKey: key() });
    started.push(server);
    await useServer(server.url);
    await (await testingApi()).setApiKey(key());
    await waitForState('noSettings');
    return server;
  }

  after(async () => {
    await useServer(e2eContext().contractUrl);
    await waitForState('connected').catch(() => undefined);
    await Promise.all(started.map((s) => s.close()));
  });

  for (const [api, named] of [['v0', 'OpenHands 0.54.0, V0 API'], ['mixed', 'OpenHands 1.6.0, V0 settings, V1 conversations'], ['v1', 'OpenHands 1.11.0, V1 API']] as const) {
    it(`${api}: told apart by its openapi.json and named in the Settings view`, async () => {
      const server = await connect(api);
      const { session, settingsTree } = await testingApi();
      assert.equal(session.apiDescription, named);
      assert.equal(settingsTree.view.description, `${server.url} · ${named}`);
      assert.equal(server.requests.filter((r) => r.path === '/openapi.json').length, 0, 'openapi.json is not an /api request');
    });
  }

  it('v1: Configure LLM makes the first save, an edit goes as a diff and is read back, so does an advanced one, a start is followed to READY', async () => {
    const server = await connect('v1');
    const { settings, session, settingsTree, startConversation } = await testingApi();
    assert.equal(await settings.storeFirstSettings({ llm_model: 'openai/gpt-4o', llm_api_key: 'e2e-v1-llm-key' }), true);
    await waitForState('connected');
    assert.equal(settings.settings?.llm_api_key_set, true);
    const from = server.requests.length;
    assert.equal(await settings.edit('max_iterations', 42, 'Max iterations'), true);
    const posts = server.requests.slice(from).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => JSON.parse(r.body) as unknown), [{ conversation_settings_diff: { max_iterations: 42 } }]);
    assert.equal(settings.settings?.max_iterations, 42);
    const temperature = settings.advanced?.sections.flatMap((s) => s.fields).find((f) => f.path === 'agent_settings.llm.temperature');
    assert.ok(temperature, 'the Advanced group, built from the server\'s published schema, has the LLM temperature');
    const roots = await settingsTree.getChildren();
    assert.ok(roots.some((node) => node.id === 'group:advanced'));
    const before = server.requests.length;
    assert.equal(await settings.editAdvanced(temperature, 0.2), true);
    assert.deepEqual(server.requests.slice(before).filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown),
      [{ agent_settings_diff: { llm: { temperature: 0.2 } } }]);
    assert.equal(settings.advanced?.sections.flatMap((s) => s.fields).find((f) => f.path === temperature.path)?.value, 0.2);
    const file = path.join(folderOutsideGit(), 'notes.md');
    fs.writeFileSync(file, 'notes\n');
    const id = await startConversation(vscode.Uri.file(file), 'Summarize the notes');
    assert.match(String(id), /^[0-9a-f]{32}$/);
    assert.ok(server.requests.some((r) => r.method === 'GET' && r.path.startsWith('/api/v1/app-conversations/start-tasks?ids=')));
    assert.equal(session.state, 'connected');
  });

  async function plainServer(answer: (res: http.ServerResponse) => void): Promise<LoopbackServer> {
    const server = await startLoopbackServer((_req, res) => answer(res));
    started.push(server);
    return server;
  }

  it('a server that speaks neither API, or a web page answering every path with HTML: "unsupported"', async () => {
    const notFound = await plainServer((res) => { res.writeHead(404, { 'content-type': 'application/json' }); res.end('{"detail":"Not Found"}'); });
    await useServer(notFound.url);
    await waitForState('unsupported');
    const html = await plainServer((res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html><body>app</body></html>'); });
    await useServer(html.url);
    await waitForState('unsupported');
  });
});
