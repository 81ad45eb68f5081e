// Steps of the Changes view's scenarios: a conversation's changes shown from its row, as a person asks for them.
import type { Locator } from 'playwright-core';
import type { Workbench } from '../workbench';
import { conversationRows } from './conversationSteps';

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
