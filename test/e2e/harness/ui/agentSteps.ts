// Steps of the agent line's real-lane scenarios: the person connects to the agent server as a newcomer does (Change
// Server URL, Set API Key typed or Agent Canvas's key, Configure LLM pointing at the project's scripted LLM), ready to
// start conversations.
import * as assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import type { E2eContext } from '../context';
import type { ServerTarget } from '../serverTarget';
import type { Workbench } from '../workbench';
import { answerInput, clearNotifications, key } from './conversationSteps';
import { pickQuickItem, SET_API_KEY } from './quickPick';
import { panelOnServer } from './settingsPanelUi';

/** The model the agent line's scenarios configure (the scripted LLM answers whatever is asked of it). */
export const AGENT_MODEL = 'openai/gpt-4o';

/** Connects to `server` (the target, or a relay in front of it) with the target's key, the LLM at `llmBaseUrl`. */
export async function connectWithLlm(
  workbench: Workbench, page: Page, context: E2eContext, target: ServerTarget, llmBaseUrl: string, server: Pick<ServerTarget, 'url' | 'apiLabel'> = target,
): Promise<void> {
  await panelOnServer(workbench, page, server);
  await workbench.runCommand(SET_API_KEY);
  await pickQuickItem(workbench, SET_API_KEY);
  await answerInput(workbench, SET_API_KEY, target.sessionApiKey, { password: true });
  await configureLlm(workbench, context, llmBaseUrl);
  await clearNotifications(workbench);
}

/** Configure LLM: AGENT_MODEL, the LLM at `llmBaseUrl`, the run's LLM key. */
export async function configureLlm(workbench: Workbench, context: E2eContext, llmBaseUrl: string): Promise<void> {
  await workbench.runCommand('OpenHands: Configure LLM');
  await answerInput(workbench, 'Configure LLM (1/3): model', AGENT_MODEL);
  await answerInput(workbench, 'Configure LLM (2/3): base URL', llmBaseUrl);
  await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
}

/** Set API Key > Use Agent Canvas's key, offered first (Canvas's key file is under the extension host's HOME). */
export async function useCanvasKey(workbench: Workbench): Promise<void> {
  await workbench.runCommand(SET_API_KEY);
  const choices = await pickQuickItem(workbench, SET_API_KEY, 'Use Agent Canvas\'s key', { shot: 'canvas-key' });
  assert.equal(choices[0], 'Use Agent Canvas\'s key');
  await workbench.readNotification('OpenHands API key saved');
  await clearNotifications(workbench);
}

/**
 * The ids of the items the transcript tab shows, in order, but its state entries: a tab that saw the conversation's row
 * change state enters the change itself and then shows no stored state event that repeats it (core/transcript/rowStates.ts).
 */
export async function shownIds(frame: Frame): Promise<string[]> {
  return (await frame.locator('article[data-id]:not(.state)').evaluateAll((items) => items.map((item) => item.getAttribute('data-id') ?? ''))).filter(Boolean);
}

/** The ids of the events the server stored for the conversation, oldest first (≤ 100: the scenarios' runs are short). */
export async function storedIds(target: ServerTarget, conversationId: string): Promise<string[]> {
  const answer = await fetch(`${target.url}/api/conversations/${conversationId}/events/search?limit=100&sort_order=TIMESTAMP`, { headers: { 'X-Session-API-Key': target.sessionApiKey } });
  assert.equal(answer.status, 200);
  const page = await answer.json() as { items: { id: string }[]; next_page_id: string | null };
  assert.equal(page.next_page_id, null);
  return page.items.map((event) => event.id);
}

/**
 * The tab shows the server's events whole: each item once, the stored events in the server's order, and what it
 * showed `before` the fault still there, in its order. Returns the stored events it shows.
 */
export async function assertWhole(frame: Frame, target: ServerTarget, conversationId: string, before: readonly string[], when: string): Promise<{ shown: string[]; events: string[]; stored: string[] }> {
  const shown = await shownIds(frame);
  const stored = await storedIds(target, conversationId);
  const events = shown.filter((id) => stored.includes(id));
  assert.equal(new Set(shown).size, shown.length, 'each item once');
  assert.deepEqual(events, stored.filter((id) => events.includes(id)), 'the events in the server\'s order');
  assert.deepEqual(shown.filter((id) => before.includes(id)), before, `the items shown before ${when}, still there, in their order`);
  return { shown, events, stored };
}
