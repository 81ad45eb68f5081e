// Approve / Reject from the palette with no transcript tab open (issue 42, item 11), on the V1 stand-in: with one
// conversation waiting among three, the pick lists that one alone under its own title (not "Open Conversation" with
// every conversation); once none waits, the command says so at once and opens no pick.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { clearNotifications, conversationRows, notification, setApiKey } from '../harness/ui/conversationSteps';

const TITLES = ['Finished the parser', 'Finished the docs', 'Waits for its next step'];

export default scenario('Approve / Reject with nothing open: the pick lists only the conversations that wait; with none waiting, a word at once', async ({ workbench, page, server, context }) => {
  const ids = server.seedConversations(3, { titles: TITLES });
  server.setConversationStatus(ids[0]!, { execution_status: 'finished' });
  server.setConversationStatus(ids[1]!, { execution_status: 'finished' });
  await setApiKey(workbench, context);
  const rows = await conversationRows(workbench);
  await rows.filter({ hasText: TITLES[1]! }).filter({ hasText: /· finished$/ }).waitFor({ timeout: 30_000 });
  await rows.filter({ hasText: TITLES[2]! }).filter({ hasText: /· waiting$/ }).waitFor({ timeout: 30_000 });

  await workbench.runCommand('OpenHands: Approve the Waiting Action');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: 'OpenHands: Conversations Waiting for You' }).waitFor({ state: 'visible', timeout: 30_000 });
  const listed = widget.locator('.quick-input-list .monaco-list-row .label-name');
  await listed.first().waitFor({ state: 'visible', timeout: 30_000 });
  await workbench.screenshot('waiting-only');
  // A row's first .label-name is its label; an item's detail line is a second one.
  const labels = await widget.locator('.quick-input-list .monaco-list-row').evaluateAll((found) => found.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? ''));
  assert.deepEqual(labels, [TITLES[2]], 'only the conversation that waits is offered');
  await page.keyboard.press('Escape');
  await widget.waitFor({ state: 'hidden', timeout: 10_000 });

  server.setConversationStatus(ids[2]!, { execution_status: 'finished' });
  await rows.filter({ hasText: TITLES[2]! }).filter({ hasText: /· finished$/ }).waitFor({ timeout: 60_000 });
  await clearNotifications(workbench);
  await workbench.runCommand('OpenHands: Reject the Waiting Action');
  await notification(workbench, 'OpenHands: no conversation waits for your approval.');
  assert.equal(await widget.isVisible(), false, 'no pick of every conversation');
  await workbench.screenshot('none-waits');
}, { line: 'v1' });
