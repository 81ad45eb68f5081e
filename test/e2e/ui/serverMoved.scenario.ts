// The server moved: every /api request is answered 308 with the same path on another origin (a second stand-in
// on 127.0.0.3, with the same session key). The error names where it points and offers "Use <new URL>", Retry
// and Show Log; the person picks Use, confirms, declines moving the key: the server URL setting changes, and the
// new server gets requests without the key (it answers 401: no API key). The listener on 127.0.0.2 that
// records whatever reaches it stays empty (the harness checks it after the run).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nextRequest } from '../harness/requests';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import { answerDialog, buttonsOf, clickButton, notification, setApiKey, storeSettings } from '../harness/ui/conversationSteps';

export default scenario('the server moved to another origin: Use <new URL>, confirmed, the key not moved without a yes', async ({ workbench, server, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const moved = await startContractServer({ api: 'v0', host: '127.0.0.3', sessionApiKey: context.sessionApiKey });
  try {
    await storeSettings(server, context);
    await setApiKey(workbench, context);
    server.setFault({ status: 308, redirectTo: moved.url, pathPrefix: '/api' });
    await workbench.runCommand('OpenHands: Refresh Settings');

    const error = await notification(workbench, /another server\. Nothing was sent there/);
    assert.match(await error.innerText(), new RegExp(`HTTP 308, pointing to ${moved.url.replace(/\./g, '\\.')}/api/settings`));
    assert.deepEqual(await buttonsOf(error), [`Use ${moved.url}`, 'Retry', 'Show Log']);
    await workbench.screenshot('notification');
    await clickButton(error, `Use ${moved.url}`);
    const confirm = await answerDialog(workbench, `Use ${moved.url}`, 'confirm');
    assert.match(confirm, new RegExp(`Switch OpenHands to ${moved.url.replace(/\./g, '\\.')}\\?`));
    const ask = await answerDialog(workbench, 'Do Not Move', 'move-key');
    assert.match(ask, /Move the API key to/);

    const first = await nextRequest(() => moved.requests, 0, (r) => r.status !== 0);
    assert.equal(first.headers['x-session-api-key'], undefined, 'the key went to the new server without a yes');
    assert.equal(first.status, 401);
    const settings = JSON.parse(fs.readFileSync(machineSettings, 'utf8')) as Record<string, unknown>;
    assert.equal(settings['openhands.serverUrl'], moved.url);
    await workbench.page.locator('.part.statusbar', { hasText: 'OpenHands: no API key' }).waitFor({ timeout: 30_000 });
    assert.ok(moved.requests.every((r) => r.headers['x-session-api-key'] === undefined), 'a request to the new server carried the key');
  } finally {
    fs.writeFileSync(machineSettings, original); // the next scenarios talk to the run's contract server again
    await moved.close();
  }
});
