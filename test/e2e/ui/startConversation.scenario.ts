// F1 > OpenHands: Start Conversation in the harness's git workspace (origin git@github.com:octo/widgets.git,
// branch feature/e2e, never pushed): the input shows where the conversation goes, a warning names the missing
// upstream before anything is sent, a cancellable progress runs while the server answers, then "conversation
// started" offers Open in Browser and Copy Link, and the Conversations view lists it. Against both API lines'
// stand-ins: V0 answers the start itself (held here so the progress shows), V1 with a start task followed to READY.
import * as assert from 'node:assert/strict';
import { LINE_PATHS } from '../harness/contract';
import { onEachLine } from '../harness/scenario';
import { sentTarget } from '../../support/startBodies';
import {
  answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, key, nextConversation, notification, setApiKey, storeSettings,
} from '../harness/ui/conversationSteps';

const MESSAGE = 'Add a widget factory with tests';

export default onEachLine(
  'Start Conversation from the palette',
  async ({ workbench, page, server, line, context }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await storeSettings(server, context, undefined, line);
    server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
    await setApiKey(workbench, context);
    // The server takes its time, so the progress can be seen (and photographed).
    if (line === 'v1') server.setStartTaskTiming({ readyAfterMs: 12_000 });
    else server.setFault({ delayMs: 12_000, pathPrefix: LINE_PATHS[line].startPath, method: 'POST', times: 1 });
    const from = server.requests.length;

    await workbench.runCommand('OpenHands: Start Conversation');
    const input = await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE, { shot: 'input' });
    assert.match(input.prompt, /^Repository: octo\/widgets \(GitHub\) @ feature\/e2e\./);

    const warning = await answerDialog(workbench, 'Start Anyway', 'warning');
    assert.match(warning, /OpenHands: octo\/widgets \(GitHub\) @ feature\/e2e/);
    assert.match(warning, /Branch feature\/e2e has no upstream/);
    assert.doesNotMatch(warning, /token/, 'the server has a github token: no token warning');

    const progress = await notification(workbench, 'starting a conversation on octo/widgets (GitHub) @ feature/e2e');
    assert.deepEqual(await buttonsOf(progress), ['Cancel']);
    await workbench.screenshot('progress');

    const { body } = await nextConversation(server, from, line);
    assert.deepEqual(sentTarget(body, line), { repository: 'octo/widgets', provider: 'github', branch: context.branch, message: MESSAGE });

    const result = await notification(workbench, `conversation started — ${MESSAGE}`, 60_000);
    assert.deepEqual(await buttonsOf(result), ['Open in Browser', 'Copy Link']);
    await workbench.screenshot('result');
    await clickButton(result, 'Copy Link');
    await page.locator('.part.statusbar', { hasText: 'conversation link copied' }).waitFor({ timeout: 10_000 });
    const link = String(await page.evaluate('navigator.clipboard.readText()'));
    assert.match(link, new RegExp(`^${server.url.replace(/\./g, '\\.')}/conversations/[0-9a-f]{32}$`));
    await clearNotifications(workbench);

    const sideBar = await workbench.openActivityBarItem();
    const row = sideBar.locator('.monaco-list-row', { hasText: MESSAGE });
    await row.waitFor({ timeout: 15_000 });
    assert.match(await row.innerText(), /octo\/widgets \(feature\/e2e\)/);
    await workbench.screenshot('conversations-view');
  },
  // Open in Browser and Copy Link need the server's web UI, as the Docker image serves it.
  { timeoutMs: 180_000, webUi: true },
);
