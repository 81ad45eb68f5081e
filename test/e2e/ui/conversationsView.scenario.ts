// Following conversations from the editor, against a V1 stand-in (1.11.0): the Conversations view lists the
// server's conversations with their states, the one started here marked, 20 at a time with "Load more…"; when the
// stand-in makes the one started here finished, a notification says so with Open in Browser; Send Follow-up
// Message from its context menu sends the typed words; Stop Conversation, confirmed in a dialog, pauses another.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { PAGE_SIZE } from '../../../src/core/conversations/conversationFeed';
import { scenario } from '../harness/scenario';
import { startContractServer } from '../../support/standin/contractServer';
import {
  LLM_MODEL, answerDialog, answerInput, buttonsOf, clearNotifications, key, notification, setApiKey,
} from '../harness/ui/conversationSteps';
import { until } from '../../support/until';

const MESSAGE = 'Rename the widget factory';
const FOLLOW_UP = 'Also update the changelog';

export default scenario('Conversations view: the server\'s list with states, Load more, a finished one told, a follow-up, a stop', async ({ workbench, page, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const v1 = await startContractServer({ api: 'v1', sessionApiKey: context.sessionApiKey, webUi: true });
  try {
    v1.setStartTaskTiming({ readyAfterMs: 0 });
    const reading = createClient({ baseUrl: v1.url, fetch, getCredential: async () => sessionCredential(context.sessionApiKey), timeoutMs: 10_000 },
      { version: undefined, settings: 'v1', conversations: 'v1', webUi: true });
    const seeded = new Set(v1.seedConversations(PAGE_SIZE + 2)); // idle agents: waiting for a message

    await workbench.runCommand('OpenHands: Change Server URL');
    await answerInput(workbench, 'OpenHands: Change Server URL', v1.url);
    await setApiKey(workbench, context);
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', LLM_MODEL);
    await answerInput(workbench, 'Configure LLM (2/3): base URL', '');
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE);
    await answerDialog(workbench, 'Start Without Repository');
    await notification(workbench, `conversation started — ${MESSAGE}`, 60_000);
    await clearNotifications(workbench);

    const sideBar = await workbench.openActivityBarItem();
    const settingsHeader = sideBar.locator('.pane-header', { hasText: /^Settings/ });
    if ((await settingsHeader.getAttribute('aria-expanded')) === 'true') await settingsHeader.click();
    const pane = sideBar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Conversations$/ }) });
    const rows = pane.locator('.monaco-list-row');
    const started = rows.filter({ hasText: MESSAGE });
    await started.waitFor({ timeout: 30_000 });
    assert.match(await started.innerText(), /(running|starting) · started here/);
    await rows.filter({ hasText: 'Load more…' }).waitFor({ timeout: 10_000 });
    await page.locator('.part.statusbar', { hasText: /1 running/ }).waitFor({ timeout: 15_000 });
    await workbench.screenshot('list');

    await rows.filter({ hasText: 'Load more…' }).click();
    await until('the second page', async () => ((await rows.filter({ hasText: 'Load more…' }).count()) === 0 ? true : undefined));
    await workbench.screenshot('load-more');
    // Back to the top of the list; the click also opens that conversation's transcript in a tab.
    const firstTitle = (await rows.first().locator('.label-name').innerText()).trim();
    await rows.first().click();
    await page.locator('.tabs-container .tab', { hasText: firstTitle }).waitFor({ timeout: 30_000 });

    // The stand-in's control route, as the real server's agent would: the conversation started here finishes.
    const startedId = (await reading.listConversations({ limit: 50 })).items.map((c) => c.id).find((id) => !seeded.has(id));
    assert.ok(startedId, 'the conversation started from VS Code');
    v1.setConversationStatus(startedId, { execution_status: 'finished' });
    const told = await notification(workbench, `"${MESSAGE}" finished.`, 30_000);
    assert.deepEqual(await buttonsOf(told), ['Open Transcript', 'Show Changes', 'Open in Browser']);
    assert.match(await started.innerText(), /finished · started here/);
    await workbench.screenshot('finished-notice');
    await clearNotifications(workbench);

    await started.click({ button: 'right' });
    // A finished conversation has no work to stop: its menu offers no Stop (issue 29, item 6).
    assert.ok(!(await workbench.chooseContextMenuItem('Send Follow-up Message')).includes('Stop Conversation'));
    await answerInput(workbench, `OpenHands: Follow-up to "${MESSAGE}"`, FOLLOW_UP, { shot: 'follow-up' });
    await until('the send-message request', () => v1.requests.find((r) => r.path === `/api/v1/app-conversations/${startedId}/send-message` && r.status === 200));
    assert.match(v1.requests.find((r) => r.path.endsWith('/send-message'))!.body, new RegExp(FOLLOW_UP));

    const other = rows.filter({ hasText: /· waiting\b/ }).filter({ hasNotText: 'started here' }).first();
    const otherTitle = (await other.locator('.label-name').innerText()).trim();
    await other.click({ button: 'right' });
    await workbench.chooseContextMenuItem('Stop Conversation');
    const confirm = await answerDialog(workbench, 'Stop Conversation', 'stop-confirm');
    assert.match(confirm, new RegExp(`Stop "${otherTitle}"\\?`));
    await rows.filter({ hasText: otherTitle }).filter({ hasText: /paused/ }).waitFor({ timeout: 30_000 });
    await workbench.screenshot('stopped');
  } finally {
    fs.writeFileSync(machineSettings, original); // the next scenarios talk to the run's contract server again
    await v1.close();
  }
}, { timeoutMs: 240_000 });

