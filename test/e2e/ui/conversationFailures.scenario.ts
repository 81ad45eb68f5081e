// When the request itself fails: without the session key the server answers 401 and the error offers Set API
// Key, which sends the typed message again once the key is set; when the connection breaks the error offers
// Retry, which sends the same message without asking again; Cancel on the progress stops a slow start quietly.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, nextConversation, notification, storeSettings } from '../harness/ui/conversationSteps';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';

export default scenario(
  'a failed conversation offers Set API Key or Retry',
  async ({ workbench, page, server, context }) => {
    await storeSettings(server, context);
    server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
    const start = async (message: string) => {
      await workbench.runCommand('OpenHands: Start Conversation');
      await answerInput(workbench, 'OpenHands: Start Conversation', message);
      await answerDialog(workbench, 'Start Anyway'); // the branch has no upstream
    };

    // 1. No session key in this browser profile: 401.
    await start('Message sent before the key was set');
    let error = await notification(workbench, 'requires a session API key');
    assert.deepEqual(await buttonsOf(error), ['Set API Key', 'Show Log']);
    await workbench.screenshot('unauthorized');
    let from = server.requests.length;
    await clickButton(error, 'Set API Key');
    await pickQuickItem(workbench, SET_API_KEY);
    await answerInput(workbench, SET_API_KEY, context.sessionApiKey, { password: true });
    let sent = await nextConversation(server, from);
    assert.equal(sent.request.status, 200);
    assert.equal(sent.request.headers['x-session-api-key'], context.sessionApiKey);
    assert.equal(sent.body.initial_user_msg, 'Message sent before the key was set');
    await notification(workbench, 'conversation started — Message sent before the key was set');
    await clearNotifications(workbench);

    // 2. The connection breaks (the server drops it): Retry.
    server.setFault({ destroy: true, pathPrefix: '/api/conversations', method: 'POST', times: 1 });
    from = server.requests.length;
    await start('Message sent while offline');
    error = await notification(workbench, /^Cannot reach /);
    assert.equal((await buttonsOf(error))[0], 'Retry');
    await workbench.screenshot('offline');
    assert.equal(server.requests.slice(from).filter((r) => r.path === '/api/conversations').length, 1);
    from = server.requests.length;
    await clickButton(error, 'Retry'); // no warning again: the person already chose to start anyway
    sent = await nextConversation(server, from);
    assert.equal(sent.request.status, 200);
    assert.equal(sent.body.initial_user_msg, 'Message sent while offline');
    assert.equal(sent.body.repository, 'octo/widgets');
    await notification(workbench, 'conversation started — Message sent while offline');
    await clearNotifications(workbench);

    // 3. A slow server, and Cancel on the progress.
    server.setFault({ delayMs: 20_000, pathPrefix: '/api/conversations', method: 'POST', times: 1 });
    await start('Message cancelled on the way');
    const progress = await notification(workbench, 'starting a conversation on octo/widgets');
    await clickButton(progress, 'Cancel');
    await progress.waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForTimeout(3000);
    const shown = await page.locator('.notifications-center .notification-list-item-message').allInnerTexts();
    assert.deepEqual(shown, [], 'a cancelled start shows nothing more');
    const sideBar = await workbench.openActivityBarItem();
    await sideBar.locator('.monaco-list-row', { hasText: 'Message sent while offline' }).waitFor({ timeout: 15_000 });
    assert.equal(await sideBar.locator('.monaco-list-row', { hasText: 'Message cancelled on the way' }).count(), 0);
  },
  { timeoutMs: 240_000 },
);
