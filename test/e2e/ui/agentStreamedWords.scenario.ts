// The agent's words as the model writes them, on a real OpenHands Agent Server (the real-server lane only): the LLM
// (the project's scripted one) streams its text a word every 600 ms; the agent server sends each word over its session
// socket (`delta` frames). A person starts a conversation and opens its transcript while it runs: an item "Agent,
// writing…" shows the words so far and grows, then the action whose thought they are takes its place (the same item),
// the whole thought in it, and no item is left writing.
import * as assert from 'node:assert/strict';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { scenarioOn } from '../harness/scenario';
import { answerDialog, answerInput, clearNotifications, conversationRows, key, notification } from '../harness/ui/conversationSteps';
import { pickQuickItem, SET_API_KEY } from '../harness/ui/quickPick';
import { panelOnServer } from '../harness/ui/settingsPanelUi';
import { transcriptPage } from '../harness/ui/transcriptSteps';

const THOUGHT = 'First I will look around the folder to see what is there, then I will write the note the task asks for, one careful step at a time.';
const SCRIPT: readonly ScriptStep[] = [{ tool: 'terminal', command: 'ls -a', thought: THOUGHT }];
const WRITING = 'Agent, writing…';

export default scenarioOn(['agent'], 'The agent\'s words as the model writes them: an item that grows, then the action it was', async ({ workbench, page, context, target }) => {
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: 'The folder is looked at.', delayMs: 3000, wordMs: 600 });
  try {
    await panelOnServer(workbench, page, target);
    await workbench.runCommand(SET_API_KEY);
    await pickQuickItem(workbench, SET_API_KEY);
    await answerInput(workbench, SET_API_KEY, target.sessionApiKey, { password: true });
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', 'openai/gpt-4o');
    await answerInput(workbench, 'Configure LLM (2/3): base URL', llm.baseUrl);
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    await clearNotifications(workbench);

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', 'Look at the folder, then finish.');
    await answerDialog(workbench, 'Start Without Repository', 'pre-flight');
    await notification(workbench, /conversation started/, 60_000);
    // The first answer waits 3 s and its words come 600 ms apart (~17 s): time to open the tab while it runs.
    const row = (await conversationRows(workbench)).first();
    await row.filter({ hasText: /running/ }).waitFor({ timeout: 60_000 });
    await row.click();
    const frame = await transcriptPage(page);

    const writing = frame.locator('article.agent', { has: frame.locator('.title', { hasText: WRITING }) });
    await writing.first().waitFor({ timeout: 90_000 });
    const first = (await writing.first().innerText()).length;
    await workbench.screenshot('writing');
    await until('the words to grow', async () => ((await writing.count()) === 0 || (await writing.first().innerText()).length > first ? true : undefined), 30_000);
    const id = await frame.locator('article.agent').first().getAttribute('data-id');

    const action = frame.locator(`article[data-id="${id}"]`);
    await action.filter({ hasText: 'ls -a' }).waitFor({ timeout: 60_000 });
    assert.ok((await action.innerText()).includes(THOUGHT), 'the whole thought, in the item the words were written in');
    assert.equal(await writing.count(), 0, 'no item is left writing');
    await workbench.screenshot('written');
  } finally {
    await llm.close();
  }
}, { timeoutMs: 300_000 });
