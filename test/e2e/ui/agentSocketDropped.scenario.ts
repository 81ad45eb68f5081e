// A dropped connection mid-run, on a real OpenHands Agent Server (the real-server lane only): the extension reaches the
// server through a TCP relay (test/support/tcpRelay.ts), as over a network; while the agent writes its words, the
// relay cuts every connection. The server goes on; the tab's session socket comes back with `after_seq` (the last
// seq it read) and the tab goes on following live: at the end it shows every event once, in the server's order, the
// same items as a tab opened afterwards, and no item left writing.
import * as assert from 'node:assert/strict';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { relay } from '../../support/tcpRelay';
import { until } from '../../support/until';
import { scenarioOn } from '../harness/scenario';
import { assertWhole, connectWithLlm, shownIds } from '../harness/ui/agentSteps';
import { answerDialog, answerInput, clearNotifications, conversationRows, notification } from '../harness/ui/conversationSteps';
import { itemTitles, transcriptPage } from '../harness/ui/transcriptSteps';

const THOUGHT = 'First the one note, written a word at a time, so that the words are on their way when the line drops.';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: 'echo one', thought: THOUGHT },
  { tool: 'terminal', command: 'echo two', thought: 'Then the second note, also a word at a time.' },
];
const WRITING = 'Agent, writing…';

export default scenarioOn(['agent'], 'A dropped connection mid-run: the transcript resumes live, every event once, in order', async ({ workbench, page, context, target }) => {
  const cutter = await relay(new URL(target.url));
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: 'Both notes are there.', delayMs: 1500, wordMs: 400 });
  try {
    await connectWithLlm(workbench, page, context, target, llm.baseUrl, { url: cutter.url, apiLabel: target.apiLabel });
    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', 'Write the two notes, then finish.');
    await answerDialog(workbench, 'Start Without Repository', 'pre-flight');
    await notification(workbench, /conversation started/, 60_000);
    await clearNotifications(workbench);
    const row = (await conversationRows(workbench)).first();
    await row.filter({ hasText: /running/ }).waitFor({ timeout: 60_000 });
    await row.click();
    const frame = await transcriptPage(page);

    // Mid-run, the words on their way: the line drops.
    await frame.locator('article.agent', { has: frame.locator('.title', { hasText: WRITING }) }).first().waitFor({ timeout: 90_000 });
    const before = await shownIds(frame);
    const sockets = cutter.paths.filter((p) => p.startsWith('/sockets/session/')).length;
    cutter.cut();
    await workbench.screenshot('cut');

    const resumed = await until('the session socket opened again, from the last seq read', () => cutter.paths.slice(sockets).find((p) => /^\/sockets\/session\/[^?]+\?after_seq=\d+$/.test(p)), 30_000);
    const conversationId = decodeURIComponent(/^\/sockets\/session\/([^?]+)/.exec(resumed)![1]!);
    await frame.getByText('Following the agent server, live.').waitFor({ timeout: 30_000 });
    await (await conversationRows(workbench)).first().filter({ hasText: /finished/ }).waitFor({ timeout: 120_000 });
    await frame.locator('article', { hasText: 'Both notes are there.' }).first().waitFor({ timeout: 30_000 });
    await frame.locator('article', { has: frame.locator('.title', { hasText: WRITING }) }).waitFor({ state: 'detached', timeout: 30_000 });
    const titles = await itemTitles(frame);
    await workbench.screenshot('resumed');
    // The one being written at the drop is among those shown before it.
    const { shown, events, stored } = await assertWhole(frame, target, conversationId, before, 'the drop');

    await workbench.runCommand('View: Close All Editors');
    await (await conversationRows(workbench)).first().click();
    const reopened = await transcriptPage(page);
    await reopened.locator('article', { hasText: 'Both notes are there.' }).first().waitFor({ timeout: 30_000 });
    assert.deepEqual((await shownIds(reopened)).filter((id) => stored.includes(id)), events, 'the same events as a tab opened afterwards');
    assert.deepEqual(await itemTitles(reopened), titles, 'the same items, state entries among them, in the same order');
    console.log(`  items: ${before.length} before the cut, ${shown.length} at the end (${events.length} of the ${stored.length} stored events); resumed at ${resumed.replace(/^.*\?/, '')}`);
  } finally {
    await llm.close();
    await cutter.close();
  }
}, { timeoutMs: 300_000 });
