// Hundreds of conversations (issue 34), on a V1 stand-in (1.11.0): a row's tooltip says what it cost; F2 renames a
// row and its open transcript tab follows; Find counts the matches as the person types and narrows the view to
// the server's search; a click on the filter line clears it; two rows picked with Ctrl+click go with the Delete
// key after a modal that names them, and the open transcript tab of one closes with a notice.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, conversationRows, notification, setApiKey } from '../harness/ui/conversationSteps';
import { until } from '../../support/until';

const TITLES = ['Old experiment', 'Tidy imports', 'Write the release notes', 'Fix the parser loop'];
const RENAMED = 'Release notes for widgets 2.0';

export default scenario('Conversations at scale: the cost in the tooltip, F2 renames (the tab follows), Find with a count, Delete of two rows after a modal', async ({ workbench, page, server, context }) => {
  server.seedConversations(4, { titles: TITLES, cost: { usd: 0.4213, promptTokens: 120_400, completionTokens: 3_250 } });
  await setApiKey(workbench, context);
  const rows = await conversationRows(workbench);
  const row = (title: string) => rows.filter({ hasText: title });
  await row(TITLES[3]!).waitFor({ timeout: 30_000 });

  await row(TITLES[3]!).locator('.label-name').hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'LLM cost so far' }).first();
  await hover.waitFor({ timeout: 10_000 });
  assert.match(await hover.innerText(), /LLM cost so far: \$0\.42 \(120,400 prompt and 3,250 completion tokens\)\./);
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await hover.waitFor({ state: 'hidden', timeout: 10_000 });

  // The release notes' transcript is open in a tab while it is renamed, then deleted.
  await row(TITLES[2]!).click();
  const tab = page.locator('.tabs-container .tab');
  await tab.filter({ hasText: TITLES[2] }).waitFor({ timeout: 30_000 });

  await row(TITLES[2]!).click({ button: 'right' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('F2');
  await answerInput(workbench, 'Rename Conversation', RENAMED, { shot: 'rename' });
  await row(RENAMED).waitFor({ timeout: 30_000 });
  await tab.filter({ hasText: RENAMED }).waitFor({ timeout: 30_000 });
  const patched = server.requests.filter((r) => r.method === 'PATCH');
  assert.deepEqual(patched.map((r) => JSON.parse(r.body) as unknown), [{ title: RENAMED }]);

  const searchesBefore = server.requests.filter((r) => r.path.includes('/search?') && r.path.includes('title__contains')).length;
  await workbench.runCommand('OpenHands: Find Conversations');
  const box = page.locator('.quick-input-widget .quick-input-box input');
  await box.waitFor({ timeout: 30_000 });
  await box.pressSequentially('WIDGETS', { delay: 30 });
  await page.locator('.quick-input-widget').filter({ hasText: '1 conversation has these words in its title.' }).waitFor({ timeout: 30_000 });
  await workbench.screenshot('find-count');
  const counts = server.requests.filter((r) => r.path.includes('/count?'));
  assert.ok(counts.length >= 1 && counts.length <= 2, `one count per pause in typing (${counts.length})`);
  await box.press('Enter');
  const filterLine = rows.filter({ hasText: '1 with “WIDGETS” in the title' });
  await filterLine.waitFor({ timeout: 30_000 });
  await until('the view to show only the match', async () => ((await rows.count()) === 2 ? true : undefined));
  assert.equal(server.requests.filter((r) => r.path.includes('/search?') && r.path.includes('title__contains')).length - searchesBefore, 1, 'one search on Enter');
  await workbench.screenshot('found');
  await filterLine.click();
  await row(TITLES[0]!).waitFor({ timeout: 30_000 });

  await row(TITLES[1]!).click({ modifiers: ['ControlOrMeta'] });
  await row(RENAMED).click({ modifiers: ['ControlOrMeta'] });
  await page.keyboard.press('Delete');
  const dialog = await answerDialog(workbench, 'Delete', 'delete-confirm');
  assert.match(dialog, /Delete 2 conversations from the server\?/);
  assert.match(dialog, new RegExp(`${TITLES[1]}[\\s\\S]*${RENAMED}|${RENAMED}[\\s\\S]*${TITLES[1]}`));
  assert.match(dialog, /deletes their events/);
  await notification(workbench, `the transcript of "${RENAMED}" was closed: the conversation was deleted`);
  await until('both rows to go', async () => ((await row(TITLES[1]!).count()) + (await row(RENAMED).count()) === 0 ? true : undefined));
  assert.equal(await tab.filter({ hasText: RENAMED }).count(), 0, 'the deleted conversation\'s tab is closed');
  assert.equal(server.requests.filter((r) => r.method === 'DELETE' && r.status === 200).length, 2);
  await row(TITLES[0]!).waitFor({ timeout: 10_000 });
  await workbench.screenshot('deleted');
}, { timeoutMs: 240_000, line: 'v1' });
