// A server that fails in the real VS Code: down (every /api connection destroyed), back again, too slow for
// openhands.requestTimeoutSeconds, rate limiting (429) and failing (500). Each leaves the panel in the state
// whose welcome view offers Retry, keeps the editor responsive, and Retry connects once the fault is gone.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/vscode/platform/ids';
import { settledCount } from '../../harness/requests';
import { SEEDED_SETTINGS } from '../../../support/fixtures/settingsFixture';
import { connectTo, waitForState } from '../../harness/host/settingsSupport';
import { contract, testingApi } from '../../harness/host/support';

const settingsGets = async (from: number) =>
  (await contract.requests()).slice(from).filter((r) => r.method === 'GET' && r.path === '/api/settings');

/** Retry, as the welcome view's button and the status bar menu run it. */
const retry = () => vscode.commands.executeCommand(Command.RefreshSettings);

describe('a failing server (faults)', function () {
  this.timeout(60_000);

  beforeEach(() => connectTo(SEEDED_SETTINGS, 'connected'));
  afterEach(async () => {
    await contract.setFault(null);
    await vscode.workspace.getConfiguration('openhands').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  it('server down: offline with Retry; back again: Retry connects', async () => {
    await contract.setFault({ destroy: true, pathPrefix: '/api' });
    const from = await settledCount(contract.requests);
    await retry();
    await waitForState('offline');
    // A GET is tried three times (two retries) before the panel says offline.
    assert.equal((await settingsGets(from)).length, 3);
    await retry();
    await waitForState('offline'); // still down: Retry does not pretend
    await contract.setFault(null);
    await retry();
    await waitForState('connected');
    assert.equal((await testingApi()).settings.settings?.language, SEEDED_SETTINGS.language);
  });

  it('a server slower than requestTimeoutSeconds: offline (timeout), the editor stays responsive', async () => {
    const { session } = await testingApi();
    await vscode.workspace.getConfiguration('openhands').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    await settledCount(contract.requests);
    await contract.setFault({ delayMs: 4000, pathPrefix: '/api/settings' });
    const started = Date.now();
    void retry();
    await waitForState('loading');
    // While the request hangs, VS Code does other work at once.
    const before = Date.now();
    await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
    const editorMs = Date.now() - before;
    assert.ok(vscode.window.activeTextEditor?.document.isUntitled, 'no untitled editor opened');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.ok(editorMs < 2000, `opening an untitled file took ${editorMs} ms while the request hung`);
    await waitForState('offline', 20_000);
    const elapsed = Date.now() - started;
    // 1 s per attempt, not the 4 s the server takes (a timeout is not retried).
    assert.ok(elapsed < 3500, `offline only after ${elapsed} ms`);
    assert.equal(session.state, 'offline');
    await contract.setFault(null);
    await vscode.workspace.getConfiguration('openhands').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await waitForState('connected', 20_000); // the setting's change reloads by itself
  });

  it('a short 429 burst is retried and ends connected', async () => {
    const from = await settledCount(contract.requests);
    await contract.setFault({ status: 429, body: '{"detail":"Too many requests"}', pathPrefix: '/api/settings', times: 2 });
    await retry();
    await waitForState('connected');
    const gets = await settingsGets(from);
    assert.deepEqual(gets.map((r) => r.status), [429, 429, 200]);
  });

  it('a lasting 429: error with Retry; the retried request succeeds once the limit is lifted', async () => {
    await contract.setFault({ status: 429, body: '{"detail":"Too many requests"}', pathPrefix: '/api/settings' });
    const from = await settledCount(contract.requests);
    await retry();
    await waitForState('error', 30_000);
    assert.deepEqual((await settingsGets(from)).map((r) => r.status), [429, 429, 429]);
    await contract.setFault(null);
    await retry();
    await waitForState('connected');
  });

  it('a 500: error with Retry, not retried by itself; Retry succeeds once the server recovers', async () => {
    await contract.setFault({ status: 500, body: '{"detail":"Internal Server Error"}', pathPrefix: '/api/settings' });
    const from = await settledCount(contract.requests);
    await retry();
    await waitForState('error');
    assert.equal((await settingsGets(from)).length, 1);
    await contract.setFault(null);
    await retry();
    await waitForState('connected');
  });
});
