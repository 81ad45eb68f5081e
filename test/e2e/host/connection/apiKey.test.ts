// Set API Key / Clear API Key through the commands: the key goes to SecretStorage, never into a settings
// file, and the next request to the server carries it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Command, View } from '../../../../src/vscode/platform/ids';
import { describeRequests, nextRequest, settledCount } from '../../harness/requests';
import { contract, e2eContext, serverUrl, testingApi } from '../../harness/host/support';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.git' ? [] : filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

describe('the session API key', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand(Command.ClearApiKey);
    await contract.reset();
  });

  it('is stored in SecretStorage by Set API Key', async () => {
    const { sessionApiKey } = e2eContext();
    assert.equal(await (await testingApi()).setApiKey(sessionApiKey), true);
    assert.deepEqual(await (await testingApi()).getStoredCredential(serverUrl()), { kind: 'session', key: sessionApiKey });
  });

  it('is in no settings file, log or state file of VS Code or the workspace', async () => {
    const { sessionApiKey, userDataDir, workspaceFolder } = e2eContext();
    await (await testingApi()).setApiKey(sessionApiKey);
    const files = [...filesUnder(userDataDir), ...filesUnder(workspaceFolder)];
    assert.ok(files.some((file) => file.endsWith(path.join('Machine', 'settings.json'))), 'Machine/settings.json not found');
    const holding = files.filter((file) => fs.readFileSync(file).includes(sessionApiKey));
    assert.deepEqual(holding, []);
  });

  it('is sent with the next request', async () => {
    const { sessionApiKey } = e2eContext();
    const before = await settledCount(contract.requests); // clearing the key in beforeEach may reload views
    const setAt = Date.now();
    await (await testingApi()).setApiKey(sessionApiKey);
    await vscode.commands.executeCommand(`workbench.view.extension.${View.Container}`);
    const request = await nextRequest(contract.requests, before, (r) => r.path.startsWith('/api/') && r.time >= setAt);
    const seen = describeRequests((await contract.requests()).slice(before));
    assert.equal(request.headers['x-session-api-key'], sessionApiKey, `requests after the key was set: ${seen}`);
    assert.notEqual(request.status, 401, `the server refused the key: ${seen}`);
  });

  it('is removed from SecretStorage by Clear API Key', async () => {
    await (await testingApi()).setApiKey(e2eContext().sessionApiKey);
    await vscode.commands.executeCommand(Command.ClearApiKey);
    assert.equal(await (await testingApi()).getStoredCredential(serverUrl()), undefined);
  });
});
