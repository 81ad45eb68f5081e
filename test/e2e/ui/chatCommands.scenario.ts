// @openhands /open and /stop in VS Code's chat (issue 31 item 3), against the V1 stand-in whose agents work slowly
// from the scripted LLM: a thread starts a task, the person stops following it (the agent keeps running) and
// /stop stops it, once they confirm; /open opens the thread's conversation, /open <id> another one. A new thread,
// with no conversation, /open offers the picker and /stop says there is nothing to stop and sends nothing.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { answerDialog, conversationRows, setApiKey } from '../harness/ui/conversationSteps';
import { openChat, responseWith, sendPrompt } from '../harness/ui/chatSteps';
import { startScriptedRun } from '../harness/ui/transcriptSteps';
import { scenario } from '../harness/scenario';
import type { RecordedRequest } from '../../support/standin/contractServer';
import { REAL_WORK_SCRIPT } from '../../support/scriptedLlm/script';
import { until } from '../../support/until';

const TASK = 'Tidy the workspace files';
const OTHER_TASK = 'Another task, started elsewhere';
/** Slow enough that the chat's conversation still runs when /stop comes (its script has 11 steps). */
const STEP_DELAY_MS = 4000;

const isStop = (r: RecordedRequest) => r.method === 'POST' && /\/(pause|stop)$/.test(r.path);

/** Waits until a transcript page (a webview's inner frame) shows the user message `task`. */
async function transcriptShowing(page: Page, task: string): Promise<void> {
  await until(`a transcript showing "${task}"`, async () => {
    for (const frame of page.frames()) {
      const shown = await frame.locator('main.log article.user', { hasText: task }).first().isVisible().catch(() => false);
      if (shown) return true;
    }
    return undefined;
  }, 30_000);
}

export default scenario('chat: @openhands /open opens the thread\'s or the named conversation, else the picker; /stop stops the running one, else says so', async ({ workbench, page, server, context }) => {
  server.seedProviderTokens({ github: { token: 'e2e-github-token' } });
  await setApiKey(workbench, context);
  // Another client's conversation (it sets the scripted LLM as the server's, which chat's task then uses too).
  const { id: otherId, llm } = await startScriptedRun(server, context.sessionApiKey, OTHER_TASK, REAL_WORK_SCRIPT, STEP_DELAY_MS);
  try {
    await openChat(workbench);
    const first = await sendPrompt(workbench, `@openhands ${TASK}`);
    await answerDialog(workbench, 'Start Anyway');
    await responseWith(first, /Started the conversation/);
    const id = /Started the conversation (\S+) on/.exec(await first.innerText())?.[1]?.replace(/`/g, '');
    assert.ok(id, 'the response names the conversation');
    await responseWith(first, /Ran\s+pwd/);
    // The person stops following (chat's Cancel): the agent keeps working on the server.
    const cancel = page.locator('.interactive-input-part .codicon-stop-circle').first();
    await cancel.click();
    await cancel.waitFor({ state: 'hidden', timeout: 30_000 });

    const stop = await sendPrompt(workbench, '@openhands /stop');
    const confirmation = await answerDialog(workbench, 'Stop Conversation', 'chat-stop-confirm');
    assert.match(confirmation, new RegExp(TASK));
    await responseWith(stop, `Stopped the conversation "${TASK}".`);
    const stopped = server.requests.filter(isStop);
    assert.equal(stopped.length, 1, `one stop request: ${stopped.map((r) => r.path).join(', ')}`);
    assert.equal(stopped[0]!.status, 200);
    const rows = await conversationRows(workbench);
    await rows.filter({ hasText: TASK }).filter({ hasText: /· paused\b/ }).waitFor({ timeout: 60_000 });
    await workbench.screenshot('chat-stopped');

    const open = await sendPrompt(workbench, '@openhands /open');
    await responseWith(open, `Opened the conversation ${id}.`);
    await transcriptShowing(page, TASK);
    await workbench.screenshot('chat-open-thread');

    const openOther = await sendPrompt(workbench, `@openhands /open ${otherId}`);
    await responseWith(openOther, `Opened the conversation ${otherId}.`);
    await transcriptShowing(page, OTHER_TASK);
    await workbench.screenshot('chat-open-other');

    // A new thread has no conversation: /open asks which, /stop stops nothing.
    // The chat view's New Chat (+): the palette offers only new chat editors and windows.
    await page.locator('.part.auxiliarybar .title-actions [aria-label^="New Chat"]').first().click();
    await page.locator('.interactive-list .interactive-request').first().waitFor({ state: 'detached', timeout: 30_000 });
    const pick = await sendPrompt(workbench, '@openhands /open');
    const quickPick = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: 'OpenHands: Open Conversation' }) });
    await quickPick.waitFor({ state: 'visible', timeout: 30_000 });
    const offered = await quickPick.locator('.quick-input-list .monaco-list-row .label-name').allInnerTexts();
    assert.ok(offered.some((label) => label.includes(OTHER_TASK)), `the picker offers the server's conversations: ${offered.join(', ')}`);
    await workbench.screenshot('chat-open-picker');
    await page.keyboard.press('Escape');
    await quickPick.waitFor({ state: 'hidden', timeout: 10_000 });
    // Dismissed: the answer says nothing was opened, and how to open one.
    await responseWith(pick, 'No conversation was opened. /open <id> opens one by its id; /status lists them.');

    const before = server.requests.length;
    const nothing = await sendPrompt(workbench, '@openhands /stop');
    await responseWith(nothing, 'This thread has no conversation yet: /stop stops the one a task of this thread started. Stop others from the Conversations view.');
    assert.equal(await page.locator('.monaco-dialog-box').isVisible(), false, 'no confirmation: nothing to stop');
    assert.deepEqual(server.requests.slice(before).filter(isStop), [], 'no stop request');
    await workbench.screenshot('chat-stop-nothing');
  } finally {
    await llm.close();
  }
}, { line: 'v1', chat: true, timeoutMs: 300_000 });
