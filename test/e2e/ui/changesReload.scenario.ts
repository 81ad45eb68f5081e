// A window reload keeps the agent's changes (issue 29, item 9): the Changes view comes back with the conversation it
// showed, and the restored "Review All Changes" tab reads its files again from the server (its URIs name the server,
// the conversation, the path and the side), as the transcript tab comes back.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { showChangesOf } from '../harness/ui/changesSteps';
import { setApiKey } from '../harness/ui/conversationSteps';

const MESSAGE = 'Rework the widgets modules';

export default scenario('Changes view: a window reload brings back the view and the Review All Changes tab', async ({ workbench, page, server, context }) => {
  server.seedConversations(1, { messages: [MESSAGE], changedFiles: 12 });
  await setApiKey(workbench, context);
  const changesPane = await showChangesOf(workbench, MESSAGE);
  const changesRows = () => changesPane.locator('.monaco-list-row');
  await changesRows().filter({ hasText: 'file0.txt' }).waitFor({ timeout: 30_000 });
  await workbench.runCommand('OpenHands: Review All Changes');
  const reviewTab = page.locator('.tab', { hasText: `Agent's changes: ${MESSAGE}` }).first();
  await reviewTab.waitFor({ timeout: 30_000 });
  await page.locator('.view-line', { hasText: 'file 0 line three' }).first().waitFor({ timeout: 30_000 });

  await workbench.reloadWindow();
  await reviewTab.waitFor({ timeout: 30_000 });
  // The review reads its files again: no "No Changed Files", the file's lines are shown.
  await page.locator('.view-line', { hasText: 'file 0 line three' }).first().waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('.multiDiffEditor', { hasText: 'No Changed Files' }).count(), 0, 'the review lists its files');
  await workbench.openActivityBarItem();
  const restored = changesRows().filter({ hasText: 'file0.txt' });
  await restored.waitFor({ timeout: 30_000 });
  assert.match(await restored.innerText(), /file0\.txt\s*\+2 -1/);
  await workbench.screenshot('restored');
}, { timeoutMs: 240_000, line: 'v1' });
