// F1 > OpenHands: Start Conversation in the harness's git workspace (origin git@github.com:octo/widgets.git,
// branch feature/e2e, never pushed): the input shows where the conversation goes, a warning names the missing
// upstream before anything is sent, a cancellable progress runs while the server answers, then "conversation
// started" offers Open in Browser and Copy Link, and the Conversations view lists it.
import * as assert from 'node:assert/strict';
import { scenario } from '../../support/e2e/scenario';
import { answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, nextConversation, notification, setApiKey, storeSettings } from '../../support/ui/conversationSteps';

const MESSAGE = 'Add a widget factory with tests';

export default scenario(
  'Start Conversation from the palette',
  async ({ workbench, page, server, context }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await storeSettings(server, context);
    server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
    await setApiKey(workbench, context);
    // The server takes its time, so the progress can be seen (and photographed).
    server.setFault({ delayMs: 12_000, pathPrefix: '/api/conversations', method: 'POST', times: 1 });
    const from = server.requests.length;

    await workbench.runCommand('OpenHands: Start Conversation');
    const input = await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE, { shot: 'input' });
    assert.match(input.prompt, /^Repository: octo\/widgets \(github\) @ feature\/e2e\./);

    const warning = await answerDialog(workbench, 'Start Anyway', 'warning');
    assert.match(warning, /OpenHands: octo\/widgets \(github\) @ feature\/e2e/);
    assert.match(warning, /Branch feature\/e2e has no upstream/);
    assert.doesNotMatch(warning, /token/, 'the server has a github token: no token warning');

    const progress = await notification(workbench, 'starting a conversation on octo/widgets (github) @ feature/e2e');
    assert.deepEqual(await buttonsOf(progress), ['Cancel']);
    await workbench.screenshot('progress');

    const { body } = await nextConversation(server, from);
    assert.equal(body.repository, 'octo/widgets');
    assert.equal(body.git_provider, 'github');
    assert.equal(body.selected_branch, context.branch);
    assert.equal(body.initial_user_msg, MESSAGE);

    const result = await notification(workbench, `conversation started — ${MESSAGE}`);
    assert.deepEqual(await buttonsOf(result), ['Open in Browser', 'Copy Link']);
    await workbench.screenshot('result');
    await clickButton(result, 'Copy Link');
    await page.locator('.part.statusbar', { hasText: 'conversation link copied' }).waitFor({ timeout: 10_000 });
    const link = String(await page.evaluate('navigator.clipboard.readText()'));
    assert.match(link, new RegExp(`^${context.contractUrl.replace(/\./g, '\\.')}/conversations/[0-9a-f]{32}$`));
    await clearNotifications(workbench);

    const sideBar = await workbench.openActivityBarItem();
    const row = sideBar.locator('.monaco-list-row', { hasText: MESSAGE });
    await row.waitFor({ timeout: 15_000 });
    assert.match(await row.innerText(), /octo\/widgets @ feature\/e2e/);
    await workbench.screenshot('conversations-view');
  },
  { timeoutMs: 180_000 },
);
