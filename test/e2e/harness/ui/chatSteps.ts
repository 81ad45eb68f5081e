// Talking to VS Code's chat as a person does: open the Chat view, type a prompt addressed to @openhands, send it,
// and read the answers from the chat list's DOM (the only place they can be read).
import type { Locator } from 'playwright-core';
import type { Workbench } from '../workbench';

const CHAT_INPUT = '.interactive-input-part .monaco-editor';
const ROWS = '.interactive-list .monaco-list-row';

/** Opens the Chat view (F1 > Chat: Open Chat) and waits for its input. */
export async function openChat(workbench: Workbench): Promise<void> {
  await workbench.runCommand('Chat: Open Chat');
  await workbench.page.locator(CHAT_INPUT).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Types `prompt` into the chat input and sends it; returns the list row of its answer. The list is virtual (rows
 * scrolled away leave the DOM), so the answer is found by its index: the row after the prompt's own.
 */
export async function sendPrompt(workbench: Workbench, prompt: string): Promise<Locator> {
  const { page } = workbench;
  const input = page.locator(CHAT_INPUT).first();
  await input.click();
  // The input keeps the thread's participant (a sticky one): the whole prompt replaces it.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(prompt);
  // The Send button, not Enter: a completion list of participants or commands may be open and would take the Enter.
  await page.locator('.interactive-input-part .chat-submit-button:not(.disabled)').first().click();
  const words = prompt.replace(/^@openhands\s+/, '');
  const request = page.locator(ROWS, { has: page.locator('.interactive-request', { hasText: words }) }).last();
  await request.waitFor({ timeout: 30_000 });
  const index = Number(await request.getAttribute('data-index'));
  return page.locator(`${ROWS}[data-index="${index + 1}"]`);
}

/** The answer `response` once it holds `text`. */
export async function responseWith(response: Locator, text: string | RegExp, timeoutMs = 60_000): Promise<Locator> {
  await response.filter({ hasText: text }).waitFor({ state: 'visible', timeout: timeoutMs });
  return response;
}

/** The labels of a response's buttons (stream.button), once the one labelled `last` shows (they come last). */
export async function responseButtons(response: Locator, last: string): Promise<string[]> {
  const buttons = response.locator('.chat-command-button .monaco-button, .monaco-button.chat-command-button, a.monaco-button');
  await buttons.filter({ hasText: last }).first().waitFor({ state: 'visible', timeout: 30_000 });
  return (await buttons.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}
