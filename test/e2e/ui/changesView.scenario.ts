// The agent's changes (issue 24, items 1, 2 and 6) on a V1 stand-in whose agent server holds a finished run's real git
// workspace: Show Changes from a Conversations row fills the Changes view (folders compacted, SCM letters, +/-
// counts from one patch, the base on top); a click opens VS Code's diff editor on the exact sides; a binary file
// and a symbolic link that points outside the workspace are listed with a message, not diffed; Review All Changes
// opens every text file's diff in one multi-diff editor.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { showChangesOf } from '../harness/ui/changesSteps';
import { setApiKey } from '../harness/ui/conversationSteps';

const MESSAGE = 'Rework the widgets modules';

export default scenario('Changes view: the changed files of a finished run, a diff editor, a binary file and a link refused', async ({ workbench, page, server, context }) => {
  server.seedConversations(1, { messages: [MESSAGE], changedFiles: 12 });
  await setApiKey(workbench, context);
  const changesPane = await showChangesOf(workbench, MESSAGE);

  const rows = changesPane.locator('.monaco-list-row');
  await rows.filter({ hasText: /^Against HEAD/ }).waitFor({ timeout: 30_000 });
  const edited = rows.filter({ hasText: 'file0.txt' });
  await edited.waitFor({ timeout: 10_000 });
  assert.match(await edited.innerText(), /file0\.txt\s*\+2 -1/);
  assert.equal(await rows.filter({ hasText: /^src$/ }).count(), 1, 'src is a folder row');
  assert.match(await rows.filter({ hasText: 'windows.txt' }).innerText(), /\+1 -1/);
  assert.match(await rows.filter({ hasText: 'logo.bin' }).innerText(), /binary/);
  // VS Code asks the decoration provider after it drew the row: the letter comes a moment later (under load, later).
  const letter = edited.locator('[class*="monaco-decoration-itemBadge"]');
  await letter.first().waitFor({ timeout: 10_000 });
  assert.equal(await letter.count(), 1, 'the SCM letter is drawn once');
  await workbench.screenshot('tree');

  await rows.filter({ hasText: 'windows.txt' }).click();
  const diff = page.locator('.monaco-diff-editor').first();
  await diff.waitFor({ timeout: 30_000 });
  await page.locator('.tab', { hasText: "windows.txt (agent's changes)" }).first().waitFor({ timeout: 10_000 });
  await diff.locator('.view-line', { hasText: 'SECOND' }).first().waitFor({ timeout: 10_000 });
  await workbench.screenshot('diff');

  await rows.filter({ hasText: 'logo.bin' }).click();
  await workbench.readNotification('is a binary file; it has no text diff');
  await rows.filter({ hasText: /^src$/ }).click(); // folded, so the root's files are in view
  await rows.filter({ hasText: 'passwd-link' }).click();
  await workbench.readNotification('is a symbolic link; links are listed, not shown or applied');

  await workbench.runCommand('OpenHands: Review All Changes');
  await page.locator('.tab', { hasText: `Agent's changes: ${MESSAGE}` }).first().waitFor({ timeout: 30_000 });
  await page.locator('.view-line', { hasText: 'file 0 line three' }).first().waitFor({ timeout: 30_000 });
  await workbench.screenshot('review');
}, { timeoutMs: 180_000, line: 'v1' });
