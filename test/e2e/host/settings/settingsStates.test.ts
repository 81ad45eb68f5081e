// The empty and failure states of the Settings panel: no key for a server that needs one, a refused key, a
// server that cannot be reached or does not answer in time, a fresh server without settings. In each the tree
// is empty and carries no message, which is when VS Code shows the state's welcome view (its text and buttons
// are checked by the UI scenarios); the view's description names the server. Against both API lines' stand-ins.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionState } from '../../../../src/core/connection/connectionState';
import { Command } from '../../../../src/vscode/platform/ids';
import { SEEDED_SETTINGS, seedSettings } from '../../../support/fixtures/settingsFixture';
import { connectTo, waitForState } from '../../harness/host/settingsSupport';
import { describeOnEachLine, e2eContext, testingApi, type StandIn } from '../../harness/host/support';
import { STAND_IN_API } from '../../harness/contract';
import { freePort } from '../../harness/codeServer';

/** The description names the server, and its version and API once its openapi.json was read. */
async function expectWelcome(state: ConnectionState, description: string): Promise<void> {
  const { settings, settingsTree } = await testingApi();
  await waitForState(state);
  assert.deepEqual(settingsTree.getChildren(), [], 'the tree is not empty');
  // VS Code shows a view's welcome content only while the tree is empty and its message is unset.
  assert.ok(!settingsTree.view.message, `the view's message hides the welcome view: ${JSON.stringify(settingsTree.view.message)}`);
  assert.equal(settingsTree.view.description, description);
  assert.equal(settings.pending.size, 0);
}

async function lastSettingsRequest(server: StandIn) {
  const request = (await server.requests()).filter((r) => r.path === server.settingsPath).at(-1);
  assert.ok(request, 'no request reached the server');
  return request;
}

/** The stand-ins serve the real servers' openapi.json, which needs no key, as the real ones do. */
const described = (server: StandIn): string => `${server.url} · ${STAND_IN_API[server.line]}`;

/** A loopback port nothing listens on: a free one, bound and released. */
const closedPort = freePort;

const config = () => vscode.workspace.getConfiguration('openhands');

describeOnEachLine('Settings panel: empty and failure states', (server) => {
  afterEach(() => server.setFault(null));
  // Leave the next suites a connected panel.
  after(() => connectTo(SEEDED_SETTINGS, 'connected', server));

  it('no API key set for a server that needs one', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected', server);
    await vscode.commands.executeCommand(Command.ClearApiKey);
    await expectWelcome('noKey', described(server));
    const request = await lastSettingsRequest(server);
    assert.equal(request.status, 401);
    assert.equal(request.headers['x-session-api-key'], undefined);
  });

  it('a key the server refuses (401)', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected', server);
    await (await testingApi()).setApiKey('e2e-not-the-session-key');
    await expectWelcome('unauthorized', described(server));
    const request = await lastSettingsRequest(server);
    assert.equal(request.status, 401);
    assert.equal(request.headers['x-session-api-key'], 'e2e-not-the-session-key');
  });

  it('a server that cannot be reached, and connected again once the URL is put back', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected', server);
    const configured = config().inspect<string>('serverUrl')?.globalValue;
    assert.equal(configured, server.url, 'the suite configured another server URL');
    const deadUrl = `http://127.0.0.1:${await closedPort()}`;
    try {
      await config().update('serverUrl', deadUrl, vscode.ConfigurationTarget.Global);
      await expectWelcome('offline', deadUrl);
      await vscode.commands.executeCommand(Command.RefreshSettings);
      await expectWelcome('offline', deadUrl);
    } finally {
      await config().update('serverUrl', configured, vscode.ConfigurationTarget.Global);
    }
    await waitForState('connected');
  });

  it('a server that does not answer in time, then Retry once it answers', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected', server);
    await server.setFault({ delayMs: 4000, pathPrefix: server.settingsPath });
    try {
      await config().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
      await waitForState('offline'); // the panel reloads by itself when the timeout changes
      const started = Date.now();
      await vscode.commands.executeCommand(Command.RefreshSettings);
      const took = Date.now() - started;
      await expectWelcome('offline', described(server));
      assert.ok(took >= 900 && took < 3500, `the load gave up after ${took} ms, expected about 1 s`);
    } finally {
      await server.setFault(null);
      await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand(Command.RefreshSettings);
    await waitForState('connected');
  });

  it('the first save of a window that saw no settings keeps what the server stored since (Configure LLM)', async () => {
    await connectTo(null, 'noSettings', server);
    // Another client (the server's web UI, another window) stores settings after this window's load.
    await seedSettings(server.url, e2eContext().sessionApiKey, SEEDED_SETTINGS, server.line);
    const { settings } = await testingApi();
    assert.equal(settings.settings === null, true, 'the window still knows of no settings');
    assert.equal(await settings.storeFirstSettings({ llm_model: 'openai/gpt-4o' }), true);
    const stored = settings.settings;
    assert.equal(stored?.llm_model, 'openai/gpt-4o');
    // Not replaced by the server's defaults: what the other client stored is still there, its key too.
    assert.deepEqual([stored?.max_iterations, stored?.llm_base_url, stored?.llm_api_key_set], [SEEDED_SETTINGS.max_iterations, SEEDED_SETTINGS.llm_base_url, true]);
  });

  it('a fresh server without settings (404 on load)', async () => {
    await connectTo(null, 'noSettings', server);
    await expectWelcome('noSettings', described(server));
    const request = await lastSettingsRequest(server);
    assert.deepEqual([request.method, request.status], ['GET', 404]);
  });
});
