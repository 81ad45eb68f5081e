// Steps of the Send This Folder scenarios: a conversation started on the workspace folder as it is on disk, as a
// person starts one from the palette.
import type { Workbench } from '../workbench';
import { answerDialog, answerInput, notification } from './conversationSteps';

/**
 * Start Conversation with `task`, Send This Folder in its pre-flight, then its confirmation (what leaves, naming the
 * folder `folderName`); waits for the conversation to have started. Screenshots `preflight-send` and `send-confirm`.
 * Returns the confirmation's text.
 */
export async function sendThisFolder(workbench: Workbench, task: string, folderName = 'widgets'): Promise<string> {
  const { page } = workbench;
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', task);
  // What leaves is asked next, in the same dialog element: wait for its text, not for the dialog to go.
  const preflight = page.locator('.monaco-dialog-box');
  await preflight.waitFor({ state: 'visible', timeout: 30_000 });
  await workbench.screenshot('preflight-send');
  await preflight.locator('.dialog-buttons .monaco-button', { hasText: 'Send This Folder' }).click();
  await page.locator('.monaco-dialog-box', { hasText: `send ${folderName} to a new conversation` }).waitFor({ state: 'visible', timeout: 30_000 });
  const confirmation = await answerDialog(workbench, 'Send This Folder', 'send-confirm');
  await notification(workbench, `conversation started — ${task}`, 120_000);
  return confirmation;
}
