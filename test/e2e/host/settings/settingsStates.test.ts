// The empty and failure states of the Settings panel: no key for a server that needs one, a refused key, a
// server that cannot be reached or does not answer in time, a fresh server without settings. In each the tree
// is empty and carries no message, which is when VS Code shows the state's welcome view (its text and buttons
// are checked by the UI scenarios); the view's description names the server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionState } from '../../../../src/core/connection/connectionState';
import { Command } from '../../../../src/vscode/platform/ids';
import { SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { connectTo, waitForState } from '../../../support/host/settingsSupport';
import { contract, e2eContext, serverUrl, testingApi } from '../../../support/host/support';
import { freePort } from '../../../support/e2e/codeServer';

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

async function lastSettingsRequest() {
  const request = (await contract.requests()).filter((r) => r.path === '/api/settings').at(-1);
  assert.ok(request, 'no request reached the server');
  return request;
}

/** The stand-in (--api v0) serves 0.54.0's openapi.json, which needs no key, as the real 0.54.0 does. */
const standIn = (): string => `${serverUrl()} · OpenHands 0.54.0, V0 API`;

/** A loopback port nothing listens on: a free one, bound and released. */
const closedPort = freePort;

const config = () => vscode.workspace.getConfiguration('openhands');

describe('Settings panel: empty and failure states', () => {
  afterEach(() => contract.setFault(null));
  // Leave the next suites a connected panel.
  after(() => connectTo(SEEDED_SETTINGS, 'connected'));

  it('no API key set for a server that needs one', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected');
    await vscode.commands.executeCommand(Command.ClearApiKey);
    await expectWelcome('noKey', standIn());
    const request = await lastSettingsRequest();
    assert.equal(request.status, 401);
    assert.equal(request.headers['x-session-api-key'], undefined);
  });

  it('a key the server refuses (401)', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected');
    await (await testingApi()).setApiKey('e2e-not-the-session-key');
    await expectWelcome('unauthorized', standIn());
    const request = await lastSettingsRequest();
    assert.equal(request.status, 401);
    assert.equal(request.headers['x-session-api-key'], 'e2e-not-the-session-key');
  });

  it('a server that cannot be reached, and connected again once the URL is put back', async () => {
    await connectTo(SEEDED_SETTINGS, 'connected');
    const configured = config().inspect<string>('serverUrl')?.globalValue;
    assert.equal(configured, e2eContext().contractUrl, 'the harness configured another server URL');
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
    await connectTo(SEEDED_SETTINGS, 'connected');
    await contract.setFault({ delayMs: 4000, pathPrefix: '/api/settings' });
    try {
      await config().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
      await waitForState('offline'); // the panel reloads by itself when the timeout changes
      const started = Date.now();
      await vscode.commands.executeCommand(Command.RefreshSettings);
      const took = Date.now() - started;
      await expectWelcome('offline', standIn());
      assert.ok(took >= 900 && took < 3500, `the load gave up after ${took} ms, expected about 1 s`);
    } finally {
      await contract.setFault(null);
      await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand(Command.RefreshSettings);
    await waitForState('connected');
  });

  it('a fresh server without settings (404 on load)', async () => {
    await connectTo(null, 'noSettings');
    await expectWelcome('noSettings', standIn());
    const request = await lastSettingsRequest();
    assert.deepEqual([request.method, request.status], ['GET', 404]);
  });
});
