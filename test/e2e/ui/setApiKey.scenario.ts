// F1 > "OpenHands: Set API Key", the key typed into the password input box: the notification confirms it,
// no settings file holds it, and the next request (the Settings view loading) carries it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeRequests, nextRequest, settledCount } from '../../support/e2e/requests';
import type { RecordedRequest } from '../../support/standin/contractServer';
import { scenario } from '../../support/e2e/scenario';

function settingsFiles(userDataDir: string, workspaceFolder: string): string[] {
  return [
    path.join(userDataDir, 'User', 'settings.json'),
    path.join(userDataDir, 'Machine', 'settings.json'),
    path.join(workspaceFolder, '.vscode', 'settings.json'),
  ].filter((file) => fs.existsSync(file));
}

export default scenario('Set API Key from the palette keeps the key secret and sends it', async ({ workbench, server, context }) => {
  await workbench.runCommand('OpenHands: Set API Key');
  // Starting up, the extension may ask the server without a key; let that pass first.
  const settled = await settledCount(() => server.requests);
  const { prompt, answeredAt } = await workbench.answerInputBox(context.sessionApiKey, { password: true });
  assert.match(prompt, /API key/i);
  const message = await workbench.readNotification('OpenHands API key saved');
  assert.match(message, new RegExp(context.contractUrl.replace(/[.]/g, '\\.')));
  await workbench.screenshot('saved');

  for (const file of settingsFiles(context.userDataDir, context.workspaceFolder)) {
    assert.ok(!fs.readFileSync(file, 'utf8').includes(context.sessionApiKey), `${file} holds the key`);
  }

  await workbench.openActivityBarItem();
  const isAfterKey = (r: RecordedRequest) => r.path.startsWith('/api/') && r.time >= answeredAt;
  const request = await nextRequest(() => server.requests, settled, isAfterKey);
  const seen = describeRequests(server.requests.slice(settled));
  assert.equal(request.headers['x-session-api-key'], context.sessionApiKey, `requests since the extension settled: ${seen}`);
  assert.notEqual(request.status, 401, `the server refused the key: ${seen}`);
});
