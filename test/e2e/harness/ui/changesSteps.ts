// Steps of the Changes view's scenarios: a conversation's changes shown from its row, as a person asks for them,
// read, and applied from the view.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import type { Workbench } from '../workbench';
import { conversationRows, notification } from './conversationSteps';

/** Right-click on the conversation's row (found by its first message) > Show Changes; the Changes pane. */
export async function showChangesOf(workbench: Workbench, message: string): Promise<Locator> {
  const row = (await conversationRows(workbench)).filter({ hasText: message });
  await row.waitFor({ timeout: 30_000 });
  await row.click({ button: 'right' });
  await workbench.chooseContextMenuItem('Show Changes');
  return changesPane(workbench);
}

/** The Changes pane in the OpenHands side bar. */
export async function changesPane(workbench: Workbench): Promise<Locator> {
  const sideBar = await workbench.openActivityBarItem();
  return sideBar.locator('.pane', { has: workbench.page.locator('.pane-header h3.title', { hasText: /^Changes$/ }) });
}

/**
 * The Changes pane lists exactly `files` (their names; no folder row counts), against the folder as Send This Folder
 * sent it (never HEAD: the person's uncommitted edits went with it and are not the agent's); screenshot `shot`.
 */
export async function expectSentChanges(workbench: Workbench, changes: Locator, files: readonly string[], shot: string): Promise<void> {
  const header = changes.locator('.monaco-list-row', { hasText: /^Against / }).first();
  await header.waitFor({ timeout: 30_000 });
  for (const file of files) await changes.locator('.monaco-list-row .label-name', { hasText: new RegExp(`^${file.replace(/\./g, '\\.')}$`) }).waitFor({ timeout: 30_000 });
  await workbench.screenshot(shot);
  const against = (await header.innerText()).split('\n')[0]?.trim() ?? '';
  assert.match(against, /^Against your folder as you sent it/, `the base: ${against}`);
  const listed = (await changes.locator('.monaco-list-row:not([aria-expanded]) .label-name').allInnerTexts()).map((text) => text.trim());
  assert.deepEqual(listed.filter((text) => !text.startsWith('Against')), files, `listed: ${listed.join(' | ')}`);
}

/** The Changes pane's own Apply Changes to the Workspace (its title bar): the notice that says what was applied. */
export async function applyShownChanges(workbench: Workbench, changes: Locator, said: RegExp): Promise<Locator> {
  await changes.locator('.pane-header .action-label[aria-label="Apply Changes to the Workspace"]').click();
  return notification(workbench, said, 60_000);
}

/** Opens `file` from the Changes pane: its diff shows `line` (what the agent wrote); screenshot `changes`. */
export async function openChangedFile(workbench: Workbench, changes: Locator, file: string, line: string): Promise<void> {
  const changed = changes.locator('.monaco-list-row', { hasText: file });
  await changed.waitFor({ timeout: 30_000 });
  await changed.click();
  const diff = workbench.page.locator('.monaco-diff-editor').first();
  await diff.waitFor({ timeout: 30_000 });
  await diff.locator('.view-line', { hasText: line }).first().waitFor({ timeout: 10_000 });
  await workbench.screenshot('changes');
}
