// The transcript tab says what the conversation's row says (issue 29, items 4, 6 and 7), on a V1 stand-in whose
// agent a scripted LLM drives: running (Stop, no Resume); stopped from the tab, paused (Resume, no Stop, in the tab
// and in the row's menu, whose Resume brings it back), though its events last said it runs; finished (no Stop:
// there is no work to stop); and forgotten by a server that restarted ("no longer has this conversation").
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { scenario } from '../harness/scenario';
import { answerDialog, setApiKey } from '../harness/ui/conversationSteps';
import { startScriptedRun, transcriptPage } from '../harness/ui/transcriptSteps';
import { REAL_WORK_SCRIPT, REAL_WORK_TASK } from '../../support/scriptedLlm/script';
import { until } from '../../support/until';

/** Waits until the tab's header says `state`; returns which of Stop and Resume it then offers. */
async function tabSays(frame: Frame, state: string): Promise<{ stop: boolean; resume: boolean }> {
  const header = frame.locator('header.top');
  await header.locator('.state', { hasText: state }).waitFor({ timeout: 60_000 });
  return {
    stop: await header.locator('.actions button', { hasText: /^Stop$/ }).isVisible(),
    resume: await header.locator('.actions button', { hasText: /^Resume$/ }).isVisible(),
  };
}

export default scenario('the transcript tab follows the row: paused offers Resume, finished and paused no Stop, a forgotten one says so', async ({ workbench, page, server, context }) => {
  await setApiKey(workbench, context);
  const { llm } = await startScriptedRun(server, context.sessionApiKey, REAL_WORK_TASK, REAL_WORK_SCRIPT, 1500);
  try {
    const sideBar = await workbench.openActivityBarItem();
    const pane = sideBar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Conversations$/ }) });
    const header = pane.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const row = pane.locator('.monaco-list-row', { hasText: REAL_WORK_TASK });
    await row.filter({ hasText: /· running$/ }).waitFor({ timeout: 30_000 });
    await row.click();
    const frame = await transcriptPage(page);
    await frame.locator('article.user').first().waitFor({ timeout: 30_000 });
    assert.deepEqual(await tabSays(frame, 'The agent is working.'), { stop: true, resume: false });

    // The tab's Stop pauses the sandbox (V1): the row says paused, and so does the tab, with Resume and no Stop.
    await frame.locator('header.top .actions button', { hasText: /^Stop$/ }).click();
    await answerDialog(workbench, 'Stop Conversation');
    await row.filter({ hasText: /· paused$/ }).waitFor({ timeout: 60_000 });
    assert.deepEqual(await tabSays(frame, 'Paused: its sandbox is paused.'), { stop: false, resume: true }, 'the tab says paused and offers Resume, as the row does');
    // A paused sandbox's agent server answers nothing: the tab reads the app server's copy, and says so.
    await frame.locator('header.top .source', { hasText: /^Following the app server/ }).waitFor({ timeout: 30_000 });
    // No event of the agent's says it was stopped: the transcript enters the row's new state.
    const states = frame.locator('article.item.state');
    await states.filter({ hasText: 'State: paused' }).first().waitFor({ timeout: 30_000 });
    await workbench.screenshot('tab-paused');
    await row.click({ button: 'right' });
    const offered = await workbench.chooseContextMenuItem('Resume Conversation');
    assert.ok(!offered.includes('Stop Conversation'), `a paused conversation's menu offers no Stop: ${offered.join(', ')}`);
    await until('the resume request', () => server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/resume') && r.status === 200), 30_000);

    assert.deepEqual(await tabSays(frame, 'Finished.'), { stop: false, resume: false }, 'a finished conversation has no work to stop');
    // Resumed, it ran again: after the paused entry, the transcript says so before it says finished.
    const said = (await states.allInnerTexts()).map((text) => /State: (\w+)/.exec(text)?.[1]);
    const paused = said.lastIndexOf('paused');
    assert.ok(paused >= 0 && said.slice(paused + 1).some((word) => word !== 'paused' && word !== 'finished'), `the states after Stop and Resume: ${said.join(', ')}`);
    await workbench.screenshot('tab-finished');

    server.reset(); // a server that keeps its conversations in memory restarted: it no longer has this one
    assert.deepEqual(await tabSays(frame, 'The server no longer has this conversation.'), { stop: false, resume: false });
    assert.equal(await frame.locator('header.top .problem').isVisible(), false, 'no "trying again" for a conversation that is gone');
    await workbench.screenshot('tab-gone');
  } finally {
    await llm.close();
  }
}, { timeoutMs: 300_000, line: 'v1' });
