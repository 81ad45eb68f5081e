// The review of the agent's changes (issue 33) on a V1 stand-in whose agent server holds a finished run's real git
// workspace: comments on the agent's side of two files' diffs and one on a line the agent deleted (the base side),
// the Changes view's count of pending comments, Send Review to Agent with an overall note, the preview of the
// message and the modal Send; the one follow-up holds each file, line and the exact lines, the transcript shows it,
// and the threads turn sent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { showChangesOf } from '../harness/ui/changesSteps';
import { collapsePane, conversationRows, setApiKey } from '../harness/ui/conversationSteps';
import { transcriptPage } from '../harness/ui/transcriptSteps';
import type { Workbench } from '../harness/workbench';
import { until } from '../../support/until';

const MESSAGE = 'Rework the widgets modules';

/**
 * Whether the line of the diff's side showing `text` takes comments: its row of the editor's margin (at the same
 * height) holds the commenting range's glyph, which VS Code draws once the controller gave the document's ranges.
 */
async function commentable(page: Page, side: 'original' | 'modified', text: string): Promise<boolean> {
  const editor = page.locator(`.monaco-diff-editor .editor.${side}`).first();
  const line = editor.locator('.view-line', { hasText: text }).first();
  await line.waitFor({ timeout: 30_000 });
  const top = await line.evaluate((element) => (element as unknown as { style: { top: string } }).style.top);
  return await editor.locator('.margin-view-overlays > div').filter({ has: page.locator('.comment-range-glyph') })
    .evaluateAll((rows, at) => rows.some((row) => (row as unknown as { style: { top: string } }).style.top === at), top);
}

/** Puts the cursor on the line of the diff's side showing `text`, and comments `comment` on it through the widget. */
async function commentOn(workbench: Workbench, side: 'original' | 'modified', text: string, comment: string): Promise<void> {
  const { page } = workbench;
  // The palette offers the command only where the cursor's line has a commenting range: wait until the editor has them.
  await until(`a commenting range on "${text}"`, async () => ((await commentable(page, side, text)) ? true : undefined), 30_000);
  const line = page.locator(`.monaco-diff-editor .editor.${side} .view-line`, { hasText: text }).first();
  await line.click();
  await workbench.runCommand('Comments: Add Comment on Current Selection');
  const widget = page.locator('.review-widget').filter({ has: page.locator('.monaco-button', { hasText: /^Add Comment$/ }) }).last();
  await widget.waitFor({ timeout: 30_000 });
  await page.keyboard.type(comment);
  await widget.locator('.monaco-button', { hasText: /^Add Comment$/ }).click();
  await page.locator('.review-widget .comment-body', { hasText: comment }).first().waitFor({ timeout: 30_000 });
}

async function openDiff(page: Page, changesPane: ReturnType<Page['locator']>, file: string, lineText: string): Promise<void> {
  await changesPane.locator('.monaco-list-row').filter({ hasText: file }).click();
  await page.locator('.tab', { hasText: `${file} (agent's changes)` }).first().waitFor({ timeout: 30_000 });
  await page.locator('.monaco-diff-editor .view-line', { hasText: lineText }).first().waitFor({ timeout: 30_000 });
}

export default scenario('Review: comments on the agent\'s diffs of two files and a deleted line, sent as one follow-up with the exact lines', async ({ workbench, page, server, context }) => {
  const [id] = server.seedConversations(1, { messages: [MESSAGE], changedFiles: 12 });
  // The follow-up's run ends on its own (the stand-in's agent without an LLM), after the scenario played its edit.
  server.setAgentTiming({ runMs: 5_000, endsAs: 'finished' });
  await setApiKey(workbench, context);
  const changesPane = await showChangesOf(workbench, MESSAGE);
  await changesPane.locator('.monaco-list-row').filter({ hasText: /^Against HEAD/ }).waitFor({ timeout: 30_000 });
  // No view polls the list from here on: the review's run is followed on its own (it was followed only where a
  // poll of a shown view happened to see it working, and a short run between two polls was missed).
  await collapsePane(workbench, 'Conversations');

  await workbench.runCommand('OpenHands: Send Review to Agent');
  await workbench.readNotification('has no pending comments to send');

  await openDiff(page, changesPane, 'file0.txt', 'file 0 line three');
  await commentOn(workbench, 'modified', 'file 0 line three', 'Why three in words?');
  // Comments go on the changed lines and the 3 lines around them, not on the whole file (its line 12 is far off).
  assert.equal(await commentable(page, 'modified', 'file 0 line 12'), false, 'a line far from the change takes no comment');
  await commentOn(workbench, 'original', 'file 0 line 3', 'Keep this line: the parser reads it.');
  await openDiff(page, changesPane, 'windows.txt', 'SECOND');
  await commentOn(workbench, 'modified', 'SECOND', 'Lower case, as the others.');
  // Delete on a pending comment asks first, and Enter keeps it: the typed text cannot be brought back.
  const lowerCase = page.locator('.review-widget', { has: page.locator('.comment-body', { hasText: 'Lower case, as the others.' }) }).first();
  await lowerCase.locator('.action-label[aria-label="Delete Comment"]').click();
  const asked = page.locator('.monaco-dialog-box');
  await asked.waitFor({ state: 'visible', timeout: 10_000 });
  assert.match(await asked.innerText(), /Delete the pending comment\?[\s\S]*Lower case, as the others\./);
  // The primary button (VS Code's default, Enter) is the one not drawn as secondary; Linux draws it last.
  assert.deepEqual(await asked.locator('.dialog-buttons .monaco-button:not(.secondary)').allInnerTexts(), ['Keep Comment'], 'keeping is the default');
  await workbench.screenshot('delete-asks');
  await page.keyboard.press('Enter');
  await asked.waitFor({ state: 'hidden', timeout: 10_000 });
  await page.waitForTimeout(1_000);
  assert.equal(await page.locator('.review-widget .comment-body', { hasText: 'Lower case, as the others.' }).count(), 1, 'Enter kept the comment');
  const file0 = changesPane.locator('.monaco-list-row').filter({ hasText: 'file0.txt' });
  // The count's badge beside the status letter (VS Code draws a decoration's badge as the ::after content of its label).
  const badges = () => file0.locator('[class*="monaco-decoration-itemBadge"]').evaluateAll((found) => {
    const style = (globalThis as unknown as { getComputedStyle(element: unknown, pseudo: string): { content: string } }).getComputedStyle;
    return found.map((badge) => `${badge.textContent ?? ''}${style(badge, '::after').content}`).join(' ');
  });
  await until('the count of file0.txt\'s pending comments', async () => (/2/.test(await badges()) ? true : undefined), 10_000)
    .catch(async (error: unknown) => { throw new Error(`file0.txt's badges: ${await badges()}`, { cause: error }); });
  await workbench.screenshot('comments');

  await workbench.runCommand('OpenHands: Send Review to Agent');
  const { prompt } = await workbench.answerInputBox('Then run the tests.');
  // VS Code adds "Press 'Enter' to confirm or 'Escape' to cancel" to the prompt: the prompt does not say it again.
  assert.equal(prompt.match(/Escape/g)?.length, 1, `the note's prompt says once how to go on: ${prompt}`);
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await dialog.innerText(), /Send the review with 3 comments to/);
  await page.locator('.monaco-editor .view-line', { hasText: 'deleted line 3 of the base' }).first().waitFor({ timeout: 10_000 });
  await workbench.screenshot('preview');
  await dialog.locator('.monaco-button', { hasText: /^Send$/ }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  // Sent, the preview's tab closes: the message is in the transcript from now on.
  await until('the preview\'s tab to close', async () => ((await page.locator('.tab', { hasText: 'review.md' }).count()) === 0 ? true : undefined), 10_000);

  const followUps = () => server.requests.filter((r) => r.method === 'POST' && r.body.includes('Why three in words?'));
  const sent = (await until('the review\'s follow-up at the server', () => followUps()[0])).body;
  assert.equal(followUps().length, 1, 'one follow-up');
  for (const expected of [
    'In \\"src/module0/file0.txt\\", line 3:', 'file 0 line three', 'Why three in words?',
    'In \\"src/module0/file0.txt\\", deleted line 3 of the base:', 'file 0 line 3', 'Keep this line: the parser reads it.',
    'In \\"docs/windows.txt\\", line 2:', 'SECOND', 'Overall: Then run the tests.',
  ]) assert.ok(sent.includes(expected), `the follow-up holds ${expected}: ${sent}`);
  assert.doesNotMatch(sent, /\\r/, 'the CRLF file\'s lines go without their CR');
  // The agent's next run: it rewrites the line of the first comment and leaves the others.
  const file0Path = path.join(server.workspaceOf(id), 'src/module0/file0.txt');
  fs.writeFileSync(file0Path, fs.readFileSync(file0Path, 'utf8').replace('file 0 line three\n', 'file 0 line 3, in digits\n'));

  await openDiff(page, changesPane, 'windows.txt', 'SECOND');
  await page.locator('.review-widget', { hasText: 'Sent to the agent' }).first().waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('.review-widget .monaco-button', { hasText: /^Add Comment$/ }).count(), 0);
  await workbench.screenshot('sent');

  // When that run ends the Changes view reads the changes again, with no view shown that polls: the rewritten
  // line's thread is outdated, the others stay sent.
  await openDiff(page, changesPane, 'file0.txt', 'file 0 line 3, in digits');
  await page.locator('.review-widget', { hasText: 'Outdated: the agent changed these lines' }).first().waitFor({ timeout: 60_000 });
  assert.equal(await page.locator('.review-widget', { hasText: 'Sent to the agent' }).count(), 1, 'the deleted line\'s thread stays sent');
  await workbench.screenshot('outdated');
  // The Comments panel: one group per file (a comment on the base's deleted line is in its file's group), and the
  // outdated thread marked as VS Code marks a thread that needs nothing more (resolved), the others unresolved.
  await workbench.runCommand('Comments: Focus on Comments View');
  const panel = page.locator('.comments-panel');
  await panel.locator('.monaco-list-row', { hasText: 'Keep this line' }).first().waitFor({ timeout: 30_000 });
  const groups = await panel.locator('.monaco-list-row[aria-level="1"]').allInnerTexts();
  assert.equal(groups.length, 2, `one group per file: ${JSON.stringify(groups)}`);
  const icon = (text: string) => panel.locator('.monaco-list-row', { hasText: text }).first().locator('[class*="codicon-comment"]').first().getAttribute('class');
  assert.match(await icon('Why three in words?') ?? '', /codicon-comment(?!-unresolved)/, 'the outdated thread reads as resolved');
  assert.match(await icon('Keep this line') ?? '', /codicon-comment-unresolved/, 'a sent thread reads as unresolved');
  await workbench.screenshot('comments-panel');

  const row = (await conversationRows(workbench)).filter({ hasText: MESSAGE });
  await row.click({ button: 'right' });
  await workbench.chooseContextMenuItem('Open Conversation');
  const frame = await transcriptPage(page);
  await frame.locator('article', { hasText: 'Keep this line: the parser reads it.' }).first().waitFor({ timeout: 30_000 });
  assert.match(await frame.locator('article', { hasText: 'Keep this line' }).first().innerText(), /file 0 line 3[\s\S]*Then run the tests\./);
  await workbench.screenshot('transcript');
}, { timeoutMs: 240_000, line: 'v1' });
