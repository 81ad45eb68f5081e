// F1 > "OpenHands: Set API Key": first the kind of key (a quick pick, the session key first), then the key typed
// into the password input box. A session key (Enter on the kind): the notification confirms it, no settings file
// holds it, and the next request (the Settings view loading) carries it as X-Session-API-Key. An OpenHands Cloud
// key, against a stand-in that takes the key only as a Bearer token, as the Cloud documents: every request after
// it carries `Authorization: Bearer <key>` and none an X-Session-API-Key.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeRequests, nextRequest, settledCount } from '../harness/requests';
import { startContractServer, type RecordedRequest } from '../../support/standin/contractServer';
import { scenario } from '../harness/scenario';
import { answerInput, buttonsOf, clearNotifications, clickButton, key, notification } from '../harness/ui/conversationSteps';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';

const KINDS = ['Self-hosted session key', 'OpenHands Cloud API key'];

function settingsFiles(userDataDir: string, workspaceFolder: string): string[] {
  return [
    path.join(userDataDir, 'User', 'settings.json'),
    path.join(userDataDir, 'Machine', 'settings.json'),
    path.join(workspaceFolder, '.vscode', 'settings.json'),
  ].filter((file) => fs.existsSync(file));
}

export default [
  scenario('Set API Key from the palette keeps the key secret and sends it', async ({ workbench, server, context }) => {
    await workbench.runCommand(SET_API_KEY);
    // Starting up, the extension may ask the server without a key; let that pass first.
    const settled = await settledCount(() => server.requests);
    assert.deepEqual(await pickQuickItem(workbench, SET_API_KEY), KINDS, 'Enter takes the first kind: the session key');
    const { prompt, answeredAt } = await workbench.answerInputBox(context.sessionApiKey, { password: true });
    assert.match(prompt, /Session API key/i);
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
    assert.equal(request.headers.authorization, undefined, `a session key went as a Bearer token: ${seen}`);
    assert.notEqual(request.status, 401, `the server refused the key: ${seen}`);
  }),

  scenario('Set API Key for OpenHands Cloud: the kind chosen, the key sent only as a Bearer token', async ({ workbench, context }) => {
    const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
    const original = fs.readFileSync(machineSettings, 'utf8');
    const cloudKey = key(context, 'cloud');
    const cloud = await startContractServer({ api: 'v1', auth: 'bearer', sessionApiKey: cloudKey });
    try {
      await workbench.runCommand('OpenHands: Change Server URL');
      await answerInput(workbench, 'OpenHands: Change Server URL', cloud.url);
      // At once, as a person would: the key goes to the new URL even while the setting is still being written.
      await workbench.runCommand(SET_API_KEY);
      assert.deepEqual(await pickQuickItem(workbench, SET_API_KEY, 'OpenHands Cloud API key', { shot: 'kind' }), KINDS);
      const settled = cloud.requests.length;
      const { prompt } = await answerInput(workbench, SET_API_KEY, cloudKey, { password: true });
      assert.match(prompt, /OpenHands Cloud API key for/);
      assert.match(await workbench.readNotification('OpenHands API key saved'), /OpenHands Cloud key, sent as a Bearer token/);

      // The load with the key succeeds: a fresh server has no settings yet (not the refused-key view).
      const sideBar = await workbench.openActivityBarItem();
      await sideBar.locator('.pane-header', { hasText: 'OpenHands 1.11.0, V1 API' }).waitFor({ timeout: 30_000 });
      await sideBar.locator('.welcome-view-content', { hasText: /This server has no settings yet/ }).waitFor({ timeout: 30_000 });
      const keyed = (r: RecordedRequest) => r.path.startsWith('/api/') && r.status !== 0 && r.headers.authorization !== undefined;
      await nextRequest(() => cloud.requests, settled, keyed);
      const seen = describeRequests(cloud.requests.slice(settled));
      const withKey = cloud.requests.filter(keyed);
      assert.ok(withKey.every((r) => r.headers.authorization === `Bearer ${cloudKey}` && r.status !== 401), `refused or malformed: ${seen}`);
      assert.ok(cloud.requests.every((r) => r.headers['x-session-api-key'] === undefined), `an X-Session-API-Key was sent: ${seen}`);
      await workbench.screenshot('connected');
    } finally {
      fs.writeFileSync(machineSettings, original); // the next scenarios talk to the run's contract server again
      await cloud.close();
    }
  }, { timeoutMs: 150_000 }),

  scenario('Set API Key tries the key: refused, it says so with Set API Key; unreachable, stored but not checked, with Retry', async ({ workbench, server, context }) => {
    const enterKey = async (value: string) => {
      await pickQuickItem(workbench, SET_API_KEY);
      await answerInput(workbench, SET_API_KEY, value, { password: true });
    };
    await workbench.runCommand(SET_API_KEY);
    await enterKey(key(context, 'not-the-session-key'));
    const refused = await notification(workbench, /refused the API key you just set/);
    assert.deepEqual(await buttonsOf(refused), ['Set API Key']);
    const shown = await workbench.page.locator('.notifications-center .notification-list-item-message').allInnerTexts();
    assert.ok(!shown.some((text) => text.includes('saved')), `a refused key was reported as saved: ${JSON.stringify(shown)}`);
    await workbench.screenshot('refused');

    await clickButton(refused, 'Set API Key');
    server.setFault({ destroy: true, pathPrefix: '/api' });
    await enterKey(context.sessionApiKey);
    const unchecked = await notification(workbench, /is stored, but it could not be checked: Cannot reach/);
    assert.deepEqual(await buttonsOf(unchecked), ['Retry']);
    await workbench.screenshot('unchecked');

    server.setFault(null);
    await clickButton(unchecked, 'Retry');
    await notification(workbench, new RegExp(`OpenHands API key saved for ${context.contractUrl.replace(/[.]/g, '\\.')}; the server accepted it`));
    await workbench.screenshot('accepted');
    await clearNotifications(workbench);
  }),
];
