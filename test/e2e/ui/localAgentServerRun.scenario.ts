// The first hour on the local agent server: from nothing configured, Start a Local Agent Server, Configure LLM on the
// scripted LLM, Start Conversation; the server started it with confirmation mode on (the extension turned it on for
// the new server), so the agent waits before its command: Approve in the transcript, the agent runs it and finishes.
// Stop at the end. The real-server lane only, with no server started for it (localAgentServer.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import { deadPort, installUv, killLocalServer, readLocalServerState } from '../harness/localAgentServer';
import { scenario } from '../harness/scenario';
import { answerDialog, answerInput, clearNotifications, clickButton, conversationRows, key, notification } from '../harness/ui/conversationSteps';
import { SettingsPanel } from '../harness/ui/settingsPanelUi';
import { transcriptPage } from '../harness/ui/transcriptSteps';

const TASK = 'Write hello.txt, then finish.';
const FINISH = 'hello.txt is written.';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: "printf 'Hello from the agent\\n' > hello.txt", thought: 'Write the file the task asks for.' },
];
const API_LABEL = 'OpenHands Agent Server 1.58.2';
const READY_MS = 240_000;
const RUN_MS = 150_000;

export default scenario('Start a Local Agent Server, Configure LLM, a conversation that asks before its command, Approve, finished', async ({ workbench, page, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  fs.writeFileSync(machineSettings, JSON.stringify({ ...(JSON.parse(original) as object), 'openhands.serverUrl': `http://127.0.0.1:${await deadPort()}` }, null, 2));
  const removeUv = installUv(path.join(context.runFolder, 'home'));
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: FINISH, delayMs: 200 });
  try {
    await workbench.reloadWindow();
    const panel = new SettingsPanel(workbench, page);
    await panel.open();
    await workbench.runCommand('OpenHands: Start a Local Agent Server');
    // Asked once per VS Code: a scenario before this one in the run may have answered.
    const dialog = page.locator('.monaco-dialog-box');
    if (await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false)) await answerDialog(workbench, 'Start the Server');
    const state = await until('the state file to name a running server', () => readLocalServerState(context)?.pid ? readLocalServerState(context) : undefined, 30_000);
    const url = `http://127.0.0.1:${state.port}`;
    await until('the Settings view to name the local server', async () =>
      ((await panel.headerDescription()) === `${url} · ${API_LABEL}` ? true : undefined), READY_MS);
    await panel.waitForDescription('Confirmation mode', 2, 'on');

    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', 'openai/gpt-4o');
    await answerInput(workbench, 'Configure LLM (2/3): base URL', llm.baseUrl);
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    await panel.waitForDescription('Model', 2, 'openai/gpt-4o');
    await clearNotifications(workbench);

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', TASK);
    await answerDialog(workbench, 'Start Without Repository', 'pre-flight');
    const waiting = await notification(workbench, /is waiting for your input/, RUN_MS);
    await workbench.screenshot('waiting');
    await clickButton(waiting, 'Open Transcript');
    const frame = await transcriptPage(page);
    await frame.locator('article', { hasText: 'waits for your approval' }).first().waitFor({ timeout: 30_000 });
    // Each action the agent takes waits (AlwaysConfirm): Approve until it has finished.
    await until('the agent to finish, each action approved', async () => {
      if (await frame.locator('article', { hasText: FINISH }).count()) return true;
      const approve = frame.locator('button.approve');
      if (await approve.isVisible()) await approve.click();
      return undefined;
    }, RUN_MS);
    await workbench.screenshot('finished');
    const row = (await conversationRows(workbench)).first();
    await row.filter({ hasText: /finished/ }).waitFor({ timeout: 60_000 });
    assert.ok(llm.requests.some((r) => r.answered === 'terminal'), 'the agent ran on the scripted LLM');

    await clearNotifications(workbench);
    await workbench.runCommand('OpenHands: Stop the Local Agent Server');
    await notification(workbench, /the local agent server is stopped/, 30_000);
  } finally {
    killLocalServer(context);
    fs.writeFileSync(machineSettings, original);
    removeUv();
    await llm.close();
  }
}, { startsItsOwnServer: 'the extension', timeoutMs: 480_000 });
