// Approve / Reject in the real VS Code, on the V1 stand-in with confirmation mode as OpenHands 1.11.0 has it:
// confirmation mode turned on in the Settings view (the llm analyzer, the default, makes it ConfirmRisky), a
// conversation started from the palette whose scripted LLM gives its command a HIGH risk, so the agent waits. With
// no tab open, a notification says the conversation waits; its Open Transcript shows the waiting action with its
// risk and Approve / Reject. Approve runs it and the agent finishes. In a second run Reject records the rejection
// (the real server leaves the agent idle then), and the person's reply makes the agent go on to its finish.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { scenario } from '../harness/scenario';
import type { Workbench } from '../harness/workbench';
import { answerDialog, answerInput, clearNotifications, clickButton, notification, setApiKey } from '../harness/ui/conversationSteps';
import { SettingsPanel } from '../harness/ui/settingsPanelUi';
import { transcriptPage } from '../harness/ui/transcriptSteps';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import type { ScriptStep } from '../../support/scriptedLlm/script';

const RISKY = 'echo "ran after approval"';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: RISKY, risk: 'HIGH', thought: 'This one needs your approval.' },
  { tool: 'finish', message: 'All done.' },
];

/** Start Conversation from the palette with `task`, through the pre-flight, until the agent waits for the person. */
async function startAndWait(workbench: Workbench, task: string): Promise<Frame> {
  await clearNotifications(workbench);
  await workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(workbench, 'OpenHands: Start Conversation', task);
  await answerDialog(workbench, 'Start Anyway');
  await clickButton(await notification(workbench, /Most likely it has no GitHub token/, 60_000), 'Start Without Repository');
  // No transcript tab is open: the notification alone tells the person.
  const waiting = await notification(workbench, /is waiting for your input/, 90_000);
  await workbench.screenshot(`waiting-${task.split(' ')[0].toLowerCase()}`);
  await clickButton(waiting, 'Open Transcript');
  const frame = await transcriptPage(workbench.page);
  const action = frame.locator('article', { hasText: 'waits for your approval' }).first();
  await action.waitFor({ timeout: 30_000 });
  assert.match(await action.innerText(), /Risk: HIGH/);
  assert.match(await action.innerText(), /ran after approval/);
  await frame.locator('button.approve').waitFor({ state: 'visible', timeout: 30_000 });
  assert.ok(await frame.locator('button.reject').isVisible());
  return frame;
}

export default scenario('Approve / Reject: confirmation mode set in the Settings view, a HIGH-risk action waits, Approve runs it, Reject records the rejection', async ({ workbench, page, context }) => {
  const llm = await startScriptedLlm({ script: SCRIPT, goOnAfterFollowUp: true, delayMs: 200 });
  try {
    await setApiKey(workbench, context);
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', 'openai/gpt-4o');
    await answerInput(workbench, 'Configure LLM (2/3): base URL', llm.baseUrl);
    await answerInput(workbench, 'Configure LLM (3/3): API key', '', { password: true });

    const panel = new SettingsPanel(workbench, page);
    await panel.open();
    await panel.waitForDescription('Confirmation mode', 2, 'off');
    await panel.inlineAction('Confirmation mode', 2, 'Edit Setting');
    await panel.waitForDescription('Confirmation mode', 2, 'on');
    await workbench.screenshot('confirmation-on');

    const approved = await startAndWait(workbench, 'Approve the risky command');
    await workbench.screenshot('awaiting-approval');
    await approved.locator('button.approve').click();
    await approved.locator('article', { hasText: 'All done.' }).first().waitFor({ timeout: 90_000 });
    const ran = approved.locator('article', { hasText: 'Ran a command' }).filter({ hasText: 'ran after approval' }).first();
    assert.doesNotMatch(await ran.innerText(), /waits for your approval|Rejected/);
    assert.equal(await approved.locator('button.approve').isVisible(), false, 'nothing waits any more');
    await workbench.screenshot('approved');
    await workbench.runCommand('View: Close All Editors');

    const rejected = await startAndWait(workbench, 'Reject the risky command');
    await rejected.locator('button.reject').click();
    await rejected.locator('article', { hasText: 'Rejected: User rejected the action.' }).first().waitFor({ timeout: 30_000 });
    await workbench.screenshot('rejected');
    // The real server leaves the agent idle after a rejection: the person's reply makes it go on.
    const box = rejected.locator('form.reply textarea');
    await box.fill('Leave it and finish.');
    await rejected.locator('form.reply button.send').click();
    await rejected.locator('article', { hasText: 'All done.' }).first().waitFor({ timeout: 90_000 });
    await workbench.screenshot('went-on');
  } finally {
    await llm.close();
  }
}, { line: 'v1', timeoutMs: 300_000 });
