// Steps of the conversation scenarios, as a person does them in the workbench: the session key typed in, an input
// box answered, the warning dialog answered, a notification read with its buttons and one clicked; and what the
// server got: the POST /api/conversations requests, where a link opened.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { ConversationRequest } from '../../../../src/api/model/conversations';
import type { ContractServer, RecordedRequest } from '../../../support/standin/contractServer';
import { LINE_PATHS, type E2eLine } from '../contract';
import { secretFor, type E2eContext } from '../context';
import { nextRequest } from '../requests';
import type { Workbench } from '../workbench';
import { seedSettings } from '../../../support/fixtures/settingsFixture';
import { pickQuickItem, SET_API_KEY } from './quickPick';
import { until } from '../../../support/until';

export const LLM_MODEL = 'anthropic/claude-sonnet-4-20250514';

/** A key of this run named `name` (secretFor: the secret scan looks for it everywhere after the run). */
export function key(context: E2eContext, name: string): string {
  return secretFor(name, context.secretMarker);
}

/** Stores LLM settings (or `settings`) as a person's first save in the web UI would, with the session key. */
export function storeSettings(server: ContractServer, context: E2eContext, settings?: object, line: E2eLine = 'v0'): Promise<void> {
  return seedSettings(server.url, context.sessionApiKey, settings ?? { llm_model: LLM_MODEL, llm_api_key: key(context, 'llm') }, line);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

const QUICK_INPUT = '.quick-input-widget';

/**
 * Waits for the input box titled `title`, returns its prompt, types `text`, takes the screenshot `shot` if
 * given, presses Enter and waits for that box to go (the next box of a multi-step action reuses the widget).
 */
export async function answerInput(
  workbench: Workbench, title: string | RegExp, text: string, { password = false, shot }: { password?: boolean; shot?: string } = {},
): Promise<{ title: string; prompt: string }> {
  const widget = workbench.page.locator(QUICK_INPUT);
  const titled = widget.locator('.quick-input-title', { hasText: typeof title === 'string' ? exactly(title) : title });
  await titled.waitFor({ state: 'visible', timeout: 30_000 });
  const box = widget.locator('.quick-input-box input');
  assert.equal(await box.getAttribute('type'), password ? 'password' : 'text', `the input box ${String(title)} has the wrong type`);
  const shown = { title: (await titled.innerText()).trim(), prompt: (await widget.locator('.quick-input-message').innerText()).trim() };
  await box.fill(text);
  if (shot) await workbench.screenshot(shot);
  // Enter in the box itself: a page (the walkthrough) can take the focus back from the widget meanwhile. An Enter
  // that reaches the widget while it is still switching from the previous step's box is dropped by the workbench
  // (seen in CI: step 2 of Configure LLM stayed open with its value typed); the box still holding what was typed
  // after a few seconds means that, and the Enter is given again, never more than three times.
  for (let attempt = 1; ; attempt++) {
    await box.press('Enter');
    try {
      await titled.waitFor({ state: 'hidden', timeout: attempt < 3 ? 5_000 : 30_000 });
      return shown;
    } catch (error) {
      if (attempt >= 3 || !(await titled.isVisible()) || (await box.inputValue()) !== text) throw error;
    }
  }
}

/** F1 > OpenHands: Set API Key, Enter on the kind (a session key, the first), the key typed into its password box. */
export async function setApiKey(workbench: Workbench, context: E2eContext): Promise<void> {
  await workbench.runCommand(SET_API_KEY);
  await pickQuickItem(workbench, SET_API_KEY);
  await answerInput(workbench, SET_API_KEY, context.sessionApiKey, { password: true });
  await workbench.readNotification('OpenHands API key saved');
  await clearNotifications(workbench);
}

export async function clearNotifications(workbench: Workbench): Promise<void> {
  await workbench.runCommand('Notifications: Clear All Notifications');
}

/** Clicks `button` of the modal dialog once it shows (after the screenshot `shot`, if given); returns its text. */
export async function answerDialog(workbench: Workbench, button: string, shot?: string): Promise<string> {
  const dialog = workbench.page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  const text = await dialog.innerText();
  if (shot) await workbench.screenshot(shot);
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: exactly(button) }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  return text;
}

/** The notification whose message matches, in the Notifications Center (toasts are hidden in these runs). */
export async function notification(workbench: Workbench, text: string | RegExp, timeoutMs = 30_000): Promise<Locator> {
  await workbench.readNotification(text, timeoutMs);
  const { page } = workbench;
  return page
    .locator('.notifications-center .notification-list-item', { has: page.locator('.notification-list-item-message', { hasText: text }) })
    .first();
}

/**
 * The toast whose message matches, on screen: only runs without the smoke-test driver show toasts (the `installed`
 * scenarios, npm run test:vsix). The Notifications Center is closed first: while it shows, VS Code shows no toast.
 */
export async function toast(workbench: Workbench, text: string | RegExp, timeoutMs = 30_000): Promise<Locator> {
  const { page } = workbench;
  const item = page
    .locator('.notifications-toasts .notification-toast', { has: page.locator('.notification-list-item-message', { hasText: text }) })
    .first();
  await item.waitFor({ state: 'visible', timeout: timeoutMs });
  return item;
}

/** Closes the Notifications Center (readNotification opens it), so toasts show again. */
export async function hideNotificationsCenter(workbench: Workbench): Promise<void> {
  if (await workbench.page.locator('.notifications-center').isVisible()) await workbench.runCommand('Notifications: Hide Notifications');
}

export async function buttonsOf(item: Locator): Promise<string[]> {
  return (await item.locator('.notification-list-item-buttons-container .monaco-button').allInnerTexts()).map((t) => t.trim());
}

/**
 * Clicks a notification's button through the button's own click handler: a click event dispatched on it, found and
 * fired in one step in the page. Not a pointer's click: its press and release are two steps, and a list that moves
 * between them leaves the release elsewhere. In a loaded CI run (ci56) Start Without Repository was clicked that way
 * and nothing happened: the notification still showed its buttons 90 s later. The likely mover: the start's progress
 * notification ("starting a conversation on ...") closing as the failure's notification came.
 */
export async function clickButton(item: Locator, label: string): Promise<void> {
  await item.locator('.notification-list-item-buttons-container .monaco-button', { hasText: exactly(label) }).dispatchEvent('click');
}

export type SentConversation = ConversationRequest & Record<string, unknown>;

/** The first start request (V0: POST /api/conversations) after request number `from` once answered, its body parsed. */
export async function nextConversation(server: ContractServer, from: number, line: E2eLine = 'v0'): Promise<{ request: RecordedRequest; body: SentConversation }> {
  const isAnswered = (r: RecordedRequest) => r.method === 'POST' && r.path === LINE_PATHS[line].startPath && r.status !== 0;
  const request = await nextRequest(() => server.requests, from, isAnswered, 30_000);
  return { request, body: JSON.parse(request.body) as SentConversation };
}

/**
 * Where a link to `path` on the server opens: code-server sends a loopback URL through its own port proxy
 * (`<workbench>/proxy/<port>/...`); a desktop VS Code opens it as it is.
 */
export function openedAt(page: Page, serverUrl: string, path: string): RegExp {
  const proxied = `${new URL(page.url()).origin}/proxy/${new URL(serverUrl).port}`;
  return new RegExp(`^(${escapeRegExp(serverUrl)}|${escapeRegExp(proxied)})${path}$`);
}

/** The OpenHands side bar opened, its Conversations pane expanded: the pane's rows. */
export async function conversationRows(workbench: Workbench): Promise<Locator> {
  return (await setPaneExpanded(workbench, 'Conversations', true)).locator('.monaco-list-row');
}

/** Collapses the OpenHands side bar's pane titled `title`: VS Code then tells its view it is no longer visible. */
export async function collapsePane(workbench: Workbench, title: string): Promise<void> {
  await setPaneExpanded(workbench, title, false);
}

async function setPaneExpanded(workbench: Workbench, title: string, expanded: boolean): Promise<Locator> {
  const sideBar = await workbench.openActivityBarItem();
  const pane = sideBar.locator('.pane', { has: workbench.page.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`) }) });
  const header = pane.locator('.pane-header');
  if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click();
  await pane.locator(`.pane-header[aria-expanded="${expanded}"]`).waitFor({ timeout: 10_000 });
  return pane;
}

/**
 * Through the UI, as a person starts over on another server: Change Server URL to `serverUrl`, Set API Key,
 * Configure LLM with the scripted LLM at `llmBaseUrl` (no key), then Start Conversation with `task`. What the
 * start asks next (a pre-flight) is the caller's.
 */
export async function startOnServerWithLlm(workbench: Workbench, context: E2eContext, serverUrl: string, llmBaseUrl: string, task: string): Promise<void> {
  await workbench.runCommand('OpenHands: Change Server URL');
  await answerInput(workbench, 'OpenHands: Change Server URL', serverUrl);
  await setApiKey(workbench, context);
  await workbench.runCommand('OpenHands: Configure LLM');
  await answerInput(workbench, 'Configure LLM (1/3): model', 'openai/gpt-4o');
  await answerInput(workbench, 'Configure LLM (2/3): base URL', llmBaseUrl);
  await answerInput(workbench, 'Configure LLM (3/3): API key', '', { password: true });
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', task);
}

/** Waits until a conversation of the V1 server at `url` has run to its finish (the scripted agent's last step). */
export async function agentRunFinished(url: string, key: string): Promise<void> {
  await until('the agent to finish its run', async () => {
    const answer = await fetch(`${url}/api/v1/app-conversations/search?limit=10`, { headers: { 'X-Session-API-Key': key } });
    const { items } = await answer.json() as { items: { execution_status: string | null }[] };
    return items.some((c) => c.execution_status === 'finished') ? true : undefined;
  }, 120_000);
}

/**
 * Start Conversation with `task` in the e2e workspace (a github clone whose branch its remote lacks), up to the
 * pre-flight dialog, which it returns.
 */
export async function askToStart(workbench: Workbench, task: string): Promise<Locator> {
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', task);
  const preflight = workbench.page.locator('.monaco-dialog-box');
  await preflight.waitFor({ state: 'visible', timeout: 30_000 });
  return preflight;
}

/**
 * In the pre-flight, Send This Folder, then its confirmation of what leaves (naming the folder `folderName`); the
 * conversation about `task` starts. Returns the confirmation's text. Screenshots `preflight-send` and `send-confirm`.
 */
export async function sendFromPreflight(workbench: Workbench, preflight: Locator, task: string, folderName = 'widgets'): Promise<string> {
  await workbench.screenshot('preflight-send');
  // What leaves is asked next, in the same dialog element: wait for its text, not for the dialog to go.
  await preflight.locator('.dialog-buttons .monaco-button', { hasText: 'Send This Folder' }).click();
  await workbench.page.locator('.monaco-dialog-box', { hasText: `send ${folderName} to a new conversation` }).waitFor({ state: 'visible', timeout: 30_000 });
  const confirmation = await answerDialog(workbench, 'Send This Folder', 'send-confirm');
  await notification(workbench, `conversation started — ${task}`, 120_000);
  return confirmation;
}

/** Start Conversation with `task`, Send This Folder in its pre-flight, confirmed; the conversation starts. Returns the confirmation's text. */
export async function sendThisFolder(workbench: Workbench, task: string, folderName = 'widgets'): Promise<string> {
  return sendFromPreflight(workbench, await askToStart(workbench, task), task, folderName);
}
