// A person with Agent Canvas on this machine, on a real OpenHands Agent Server 1.58.2 (the real-server lane only: no
// stand-in speaks this line; Canvas 1.20.0 itself, with its own key file and agent server: agentCanvas.scenario.ts).
// Canvas's key file is under the run's HOME, written here as Canvas's launcher writes it: Change
// Server URL to the server, Set API Key > Use Agent Canvas's key (the key never typed), Configure LLM pointing at the
// project's scripted LLM, Start Conversation (without the workspace's repository); the conversation runs to its end in the Conversations view, its
// transcript shows the agent's command and its finish, and its Changes list the file the agent wrote, opened in a
// diff. Then Send This Folder: the pre-flight offers it and Start Without Repository only (an agent server clones no
// repository: no Push and Start); what leaves is confirmed; the agent's `ls -a` in its workspace lists the folder's
// untracked file and no bundle, and the conversation finishes. Measured (2 cores, loaded): the agent server answers 63-76 s after its start script began, beside
// code-server; the scenario takes 87 s, 13 s of it the run from start to finished.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { canvasKeyFile } from '../../../src/core/connection/agentCanvasKey';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { scenarioOn } from '../harness/scenario';
import { AGENT_MODEL, configureLlm, useCanvasKey } from '../harness/ui/agentSteps';
import { openChangedFile, showChangesOf } from '../harness/ui/changesSteps';
import { answerDialog, answerInput, askToStart, clearNotifications, conversationRows, notification, sendFromPreflight } from '../harness/ui/conversationSteps';
import { panelOnServer } from '../harness/ui/settingsPanelUi';
import { transcriptPage } from '../harness/ui/transcriptSteps';

const TASK = 'Write hello.txt, then finish.';
const FINISH = 'hello.txt is written.';
const SCRIPT: readonly ScriptStep[] = [
  // The terminal runs in the conversation's own folder (file_editor would need its absolute path, which 1.58.2's
  // prompt does not give the scripted LLM).
  { tool: 'terminal', command: "printf 'Hello from the agent\\n' > hello.txt && ls -a", thought: 'Write the file the task asks for.' },
];
const SENT = 'sent-untracked.txt';
const SENT_TASK = 'Write hello.txt beside the files sent, then finish.';
// A start answers in about 0.5 s; the run itself is three LLM answers and one file written, slower under load.
const RUN_MS = 120_000;

/** Writes Canvas's key file under `home` as its launcher does; returns what removes it. */
function writeCanvasKey(home: string, sessionKey: string): () => void {
  const file = canvasKeyFile(home);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${sessionKey}\n`, { mode: 0o600 });
  return () => fs.rmSync(path.join(home, '.openhands'), { recursive: true, force: true });
}

export default scenarioOn(['agent'], 'Agent Canvas on this machine: its key file, Configure LLM, a conversation run to its end, its transcript and its changes', async ({ workbench, page, context, target }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const removeKey = writeCanvasKey(path.join(context.runFolder, 'home'), target.sessionApiKey);
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: FINISH, delayMs: 200, keepBodies: true });
  try {
    const panel = await panelOnServer(workbench, page, target);

    await useCanvasKey(workbench);
    await configureLlm(workbench, context, llm.baseUrl);
    await panel.waitForDescription('Model', 2, AGENT_MODEL);
    await panel.waitForStatusBar('OpenHands');
    await workbench.screenshot('configured');

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', TASK);
    // The workspace is a github clone whose branch the remote lacks: the pre-flight asks; the agent server works in a
    // folder of its own for the conversation.
    await answerDialog(workbench, 'Start Without Repository', 'pre-flight');
    await notification(workbench, /conversation started/, 60_000);
    await clearNotifications(workbench);

    const row = (await conversationRows(workbench)).first();
    await row.filter({ hasText: /finished/ }).waitFor({ timeout: RUN_MS });
    await workbench.screenshot('finished');
    const title = (await row.innerText()).split('\n')[0]?.trim() ?? '';

    await row.click();
    const frame = await transcriptPage(page);
    await frame.locator('article.user', { hasText: TASK }).first().waitFor({ timeout: 30_000 });
    await frame.locator('article', { hasText: 'printf \'Hello from the agent' }).first().waitFor({ timeout: 30_000 });
    await frame.locator('article', { hasText: FINISH }).first().waitFor({ timeout: 30_000 });
    await workbench.screenshot('transcript');

    await openChangedFile(workbench, await showChangesOf(workbench, title), 'hello.txt', 'Hello from the agent');
    assert.ok(llm.requests.some((r) => r.answered === 'terminal'), 'the agent ran on the scripted LLM');

    fs.writeFileSync(path.join(context.workspaceFolder, SENT), 'A file never committed.\n');
    await clearNotifications(workbench);
    const preflight = await askToStart(workbench, SENT_TASK);
    const buttons = (await preflight.locator('.dialog-buttons .monaco-button').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(buttons.filter((text) => text !== 'Cancel').sort(), ['Send This Folder', 'Start Without Repository'], buttons.join(' | '));
    assert.match(await preflight.innerText(), /cannot clone a repository/);
    await sendFromPreflight(workbench, preflight, SENT_TASK);
    // Both conversations get the scripted LLM's title: this one's end is the only notice of an end since the clear.
    await notification(workbench, `"${FINISH}" finished`, RUN_MS);
    const seen = JSON.stringify(llm.requests.at(-1)?.body ?? '');
    assert.ok(seen.includes(SENT) && !seen.includes('openhands-handover'), 'ls -a lists the file sent and no bundle');
  } finally {
    fs.rmSync(path.join(context.workspaceFolder, SENT), { force: true });
    removeKey(); // the next scenarios' Set API Key offers no Canvas key
    fs.writeFileSync(machineSettings, original);
    await llm.close();
  }
}, { timeoutMs: 360_000 });
