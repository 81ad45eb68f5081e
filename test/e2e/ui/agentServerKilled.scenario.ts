// The agent server killed mid-run and started again, on a real OpenHands Agent Server (the real-server lane only): a
// person watches a running conversation's transcript; the server dies (SIGKILL: a crash, the power gone), so the
// session socket drops and nothing answers; the extension shows the outage with an action; the server is started
// again on the same port with the same state folder; the extension reconnects, the conversation is still listed
// (1.58.2 marks a run it finds RUNNING on disk as `error`: event_service.py 1421-1427) and its transcript shows every
// event the server stored, each once, in the server's order, the items shown before the kill among them; and a reply
// from the tab sets the agent going again, to its end.
import * as assert from 'node:assert/strict';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { scenarioOn } from '../harness/scenario';
import { assertWhole, connectWithLlm, shownIds } from '../harness/ui/agentSteps';
import { answerDialog, answerInput, clearNotifications, conversationRows, notification } from '../harness/ui/conversationSteps';
import { itemTitles, transcriptPage } from '../harness/ui/transcriptSteps';

const STEPS = 5;
const SCRIPT: readonly ScriptStep[] = Array.from({ length: STEPS }, (_, i) => ({ tool: 'terminal', command: `echo step-${i + 1}`, thought: `Step ${i + 1} of ${STEPS}.` }));

export default scenarioOn(['agent'], 'The agent server killed mid-run and started again: the outage shown with an action, then the transcript whole', async ({ workbench, page, context, target }) => {
  assert.ok(target.crash, 'a real server, which the scenario can kill');
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: 'All steps done.', delayMs: 2500 });
  try {
    await connectWithLlm(workbench, page, context, target, llm.baseUrl);

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', 'Run the steps, then finish.');
    await answerDialog(workbench, 'Start Without Repository', 'pre-flight');
    await notification(workbench, /conversation started/, 60_000);
    await clearNotifications(workbench);
    const row = (await conversationRows(workbench)).first();
    await row.filter({ hasText: /running/ }).waitFor({ timeout: 60_000 });
    await row.click();
    const frame = await transcriptPage(page);

    // Mid-run: the second step's command is on screen, more are to come (each LLM answer waits 2.5 s).
    await frame.locator('article', { hasText: 'echo step-2' }).first().waitFor({ timeout: 90_000 });
    const before = await shownIds(frame);
    const restart = await target.crash();
    await workbench.screenshot('killed');

    // What the person sees meanwhile: the status bar says offline; the Conversations view says why, with a click to
    // retry; the tab keeps what it showed and says it tries again.
    await page.locator('.statusbar-item', { hasText: 'OpenHands: offline' }).waitFor({ timeout: 60_000 });
    await (await conversationRows(workbench)).filter({ hasText: 'Could not load the conversations' }).waitFor({ timeout: 60_000 });
    await frame.getByText('Reading the events failed, trying again').waitFor({ timeout: 60_000 });
    assert.deepEqual((await shownIds(frame)).filter((id) => before.includes(id)), before, 'what the tab showed, kept');
    await workbench.screenshot('outage');

    await restart.again();
    const conversationId = await until('the conversation listed by the restarted server', async () => {
      const answer = await fetch(`${target.url}/api/conversations/search?limit=10`, { headers: { 'X-Session-API-Key': target.sessionApiKey } });
      const items = answer.ok ? (await answer.json() as { items: { id: string }[] }).items : [];
      return items.length === 1 ? items[0]!.id : undefined;
    }, 60_000);
    await workbench.screenshot('restarted');
    // Back without a click: the status bar no longer offline, the row listed again, in the state the restarted server
    // gives a run it found cut off.
    await page.locator('.statusbar-item', { hasText: 'OpenHands: offline' }).waitFor({ state: 'detached', timeout: 90_000 });
    await (await conversationRows(workbench)).first().filter({ hasText: /error/ }).waitFor({ timeout: 90_000 });
    await frame.getByText('Reading the events failed').waitFor({ state: 'detached', timeout: 60_000 });
    // The kill lands in a command (the restarted server then adds an error for it) or in an LLM call (nothing added).
    await frame.getByText('The run has ended: every event is shown').waitFor({ timeout: 60_000 });
    const titles = await itemTitles(frame);
    await workbench.screenshot('whole');
    const { shown, events, stored } = await assertWhole(frame, target, conversationId, before, 'the kill');

    // Nothing lost: the tab that lived through the outage shows what a tab opened now, read whole by REST, shows.
    await workbench.runCommand('View: Close All Editors');
    await (await conversationRows(workbench)).first().click();
    const reopened = await transcriptPage(page);
    await reopened.getByText('The run has ended: every event is shown').waitFor({ timeout: 60_000 });
    assert.deepEqual((await shownIds(reopened)).filter((id) => stored.includes(id)), events, 'the same events as a tab opened after the restart');
    assert.deepEqual(await itemTitles(reopened), titles, 'the same items, state entries among them, in the same order');
    console.log(`  items: ${before.length} before the kill, ${shown.length} after (${events.length} of the ${stored.length} stored events, the rest folded in or not shown)`);

    // It goes on: the run the restart cut off reads `error`, and the agent server takes a reply there (the client says
    // so: goesOnAfterError), so the reply box is open; the reply runs the agent again, to its end.
    await reopened.locator('form.reply textarea').fill('Go on from where you were.');
    await reopened.locator('form.reply button.send').click();
    await reopened.locator('article.user', { hasText: 'Go on from where you were.' }).first().waitFor({ timeout: 30_000 });
    await (await conversationRows(workbench)).first().filter({ hasText: /finished/ }).waitFor({ timeout: 120_000 });
    await workbench.screenshot('went-on');
  } finally {
    await llm.close();
  }
}, { timeoutMs: 400_000 });
