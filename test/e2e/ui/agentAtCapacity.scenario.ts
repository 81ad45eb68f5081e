// A reply while the agent server is at capacity, on a real OpenHands Agent Server (the real-server lane only): 1.58.2
// runs at most OH_MAX_CONCURRENT_RUNS conversations at once (config.py max_concurrent_runs, default 10) and refuses
// another run with 429, after saving the message it came with (event_router.py send_message). The server is started
// with a limit of 1; a first conversation finishes; a second one runs; the person replies in the first one's tab:
// the message says the server is at capacity and that the reply is kept, with Retry; the reply shows in the
// transcript; once the second one has finished, Retry runs the first conversation on its reply, which is there
// once (Retry goes on with the run: it does not send the reply again).
import * as assert from 'node:assert/strict';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { scenarioOn } from '../harness/scenario';
import { connectWithLlm } from '../harness/ui/agentSteps';
import { answerDialog, answerInput, buttonsOf, clearNotifications, clickButton, conversationRows, notification } from '../harness/ui/conversationSteps';
import { transcriptPage } from '../harness/ui/transcriptSteps';
import type { Workbench } from '../harness/workbench';

// Each run holds the server's one run slot for as long as its command sleeps.
const SCRIPT: readonly ScriptStep[] = [{ tool: 'terminal', command: 'sleep 20', thought: 'Wait a while.' }];
const REPLY = 'One more thing: check the folder again.';
const RUN_MS = 120_000;

async function start(workbench: Workbench, task: string): Promise<void> {
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', task);
  await answerDialog(workbench, 'Start Without Repository');
  await notification(workbench, /conversation started/, 60_000);
  await clearNotifications(workbench);
}

export default scenarioOn(['agent'], 'A reply while the agent server is at capacity (429): kept, shown, and run once on Retry', async ({ workbench, page, context, target }) => {
  assert.ok(target.crash, 'a real server, which the scenario can start again with a run limit');
  await (await target.crash()).again(['OH_MAX_CONCURRENT_RUNS=1']);
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: 'Done.', delayMs: 200 });
  try {
    await connectWithLlm(workbench, page, context, target, llm.baseUrl);

    await start(workbench, 'The first task.');
    const first = (await conversationRows(workbench)).first();
    await first.filter({ hasText: /finished/ }).waitFor({ timeout: RUN_MS });
    await first.click();
    const frame = await transcriptPage(page);
    await frame.locator('article', { hasText: 'sleep 20' }).first().waitFor({ timeout: 30_000 });

    await start(workbench, 'The second task.');
    await (await conversationRows(workbench)).filter({ hasText: /running/ }).first().waitFor({ timeout: 60_000 });
    await frame.locator('form.reply textarea').fill(REPLY);
    await frame.locator('form.reply button.send').click();
    const refusal = await notification(workbench, /running as many conversations as it allows \(HTTP 429\)/, 30_000);
    assert.match(await refusal.innerText(), /Your message is saved/);
    assert.ok((await buttonsOf(refusal)).includes('Retry'), 'Retry offered');
    const replies = frame.locator('article.user', { hasText: REPLY });
    await replies.first().waitFor({ timeout: 30_000 });
    await until('the reply box emptied: the reply is with the server', async () => ((await frame.locator('form.reply textarea').inputValue()) === '' ? true : undefined), 10_000);
    await workbench.screenshot('at-capacity');

    // The slot comes free when the second conversation finishes; Retry then runs the first one on its reply.
    await (await conversationRows(workbench)).filter({ hasText: /running/ }).first().waitFor({ state: 'detached', timeout: RUN_MS });
    await clickButton(refusal, 'Retry');
    await frame.locator('article', { hasText: 'sleep 20' }).nth(1).waitFor({ timeout: RUN_MS });
    await (await conversationRows(workbench)).filter({ hasText: /running/ }).first().waitFor({ state: 'detached', timeout: RUN_MS });
    await frame.locator('article', { hasText: 'Done.' }).nth(1).waitFor({ timeout: 30_000 });
    assert.equal(await replies.count(), 1, 'the reply once');
    await workbench.screenshot('went-on');
  } finally {
    await llm.close();
  }
}, { timeoutMs: 400_000 });
