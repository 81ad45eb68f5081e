// Talking to VS Code's chat as a person does: open the Chat view, type a prompt addressed to @openhands, send it,
// and read the answers from the chat list's DOM (the only place they can be read).
import type { Locator } from 'playwright-core';
import type { Workbench } from '../workbench';

const CHAT_INPUT = '.interactive-input-part .monaco-editor';
const RESPONSES = '.interactive-list .monaco-list-row .interactive-response';

/** Opens the Chat view (F1 > Chat: Open Chat) and waits for its input. */
export async function openChat(workbench: Workbench): Promise<void> {
  await workbench.runCommand('Chat: Open Chat');
  await workbench.page.locator(CHAT_INPUT).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Types `prompt` into the chat input and sends it; returns the number of responses before it, for `responseAt`. */
export async function sendPrompt(workbench: Workbench, prompt: string): Promise<number> {
  const { page } = workbench;
  const before = await page.locator(RESPONSES).count();
  const input = page.locator(CHAT_INPUT).first();
  await input.click();
  // The input keeps the thread's participant (a sticky one): the whole prompt replaces it.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(prompt);
  // The Send button, not Enter: a completion list of participants or commands may be open and would take the Enter.
  await page.locator('.interactive-input-part .chat-submit-button:not(.disabled)').first().click();
  return before;
}

/** The response number `index` (0-based) of the chat list, once it holds `text`. */
export async function responseWith(workbench: Workbench, index: number, text: string | RegExp, timeoutMs = 60_000): Promise<Locator> {
  const response = workbench.page.locator(RESPONSES).nth(index);
  await response.filter({ hasText: text }).waitFor({ state: 'visible', timeout: timeoutMs });
  return response;
}

/** The labels of a response's buttons (stream.button). */
export async function responseButtons(response: Locator): Promise<string[]> {
  return (await response.locator('.monaco-button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}
