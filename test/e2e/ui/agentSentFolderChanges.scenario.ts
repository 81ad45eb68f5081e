// Send This Folder on a real OpenHands Agent Server 1.58.2 (the real-server lane only: no stand-in speaks this line),
// then Show Changes from that conversation's own row: the folder is a git repository with a committed file changed
// locally and not committed; the agent changes another committed file. Its changes are against the folder as it was
// sent (the snapshot handed over, with the person's uncommitted edit in it), never against HEAD: only the agent's
// file is listed, not the person's edit. The conversation has a title of its own, so its row is the only one that
// matches (earlier runs opened another conversation's finish notice, both titled alike, and read 'Against HEAD').
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { runGit } from '../harness/workspace';
import { scenarioOn } from '../harness/scenario';
import { changesPane, showChangesOf } from '../harness/ui/changesSteps';
import type { Workbench } from '../harness/workbench';
import type { Locator } from 'playwright-core';
import { answerDialog, answerInput, clearNotifications, clickButton, key, notification, setApiKey } from '../harness/ui/conversationSteps';
import { panelOnServer } from '../harness/ui/settingsPanelUi';

const TASK = 'Add a greeting to src/widget.ts, then finish.';
// The scripted LLM's finish message is also the title the agent server gives the conversation: this scenario's own.
const FINISH = 'The greeting is in src/widget.ts.';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: "printf 'export const greeting = \"hello\";\\n' >> src/widget.ts && git status --short", thought: 'Append the greeting.' },
];
const MODEL = 'openai/gpt-4o';
/** The person's edit of a committed file, not committed: it leaves with the folder, and is not the agent's change. */
const LOCAL_EDIT = '\nA line written by the person, never committed.\n';
const RUN_MS = 120_000;

/** The Changes pane lists the agent's file alone (no folder row counts), against the snapshot sent; screenshot `shot`. */
async function expectSentChanges(workbench: Workbench, changes: Locator, shot: string): Promise<void> {
  const header = changes.locator('.monaco-list-row', { hasText: /^Against / }).first();
  await header.waitFor({ timeout: 30_000 });
  await changes.locator('.monaco-list-row .label-name', { hasText: /^widget\.ts$/ }).waitFor({ timeout: 30_000 });
  await workbench.screenshot(shot);
  const against = (await header.innerText()).split('\n')[0]?.trim() ?? '';
  assert.match(against, /^Against your folder as you sent it/, `the base: ${against}`);
  const files = (await changes.locator('.monaco-list-row:not([aria-expanded]) .label-name').allInnerTexts()).map((text) => text.trim());
  assert.deepEqual(files.filter((text) => !text.startsWith('Against')), ['widget.ts'], `listed: ${files.join(' | ')}`);
}

export default scenarioOn(['agent'], 'Agent server Send This Folder: Show Changes from its row lists only the agent\'s change, against the folder as sent', async ({ workbench, page, context, target }) => {
  const readme = path.join(context.workspaceFolder, 'README.md');
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: FINISH, delayMs: 200 });
  try {
    fs.appendFileSync(readme, LOCAL_EDIT);
    const panel = await panelOnServer(workbench, page, target);
    await setApiKey(workbench, { ...context, sessionApiKey: target.sessionApiKey });
    await workbench.runCommand('OpenHands: Configure LLM');
    await answerInput(workbench, 'Configure LLM (1/3): model', MODEL);
    await answerInput(workbench, 'Configure LLM (2/3): base URL', llm.baseUrl);
    await answerInput(workbench, 'Configure LLM (3/3): API key', key(context, 'llm'), { password: true });
    await panel.waitForDescription('Model', 2, MODEL);

    await workbench.runCommand('OpenHands: Start Conversation');
    await answerInput(workbench, 'OpenHands: Start Conversation', TASK);
    // What leaves is asked next, in the same dialog element: wait for its text, not for the dialog to go.
    const preflight = page.locator('.monaco-dialog-box');
    await preflight.waitFor({ state: 'visible', timeout: 30_000 });
    await workbench.screenshot('preflight-send');
    await preflight.locator('.dialog-buttons .monaco-button', { hasText: 'Send This Folder' }).click();
    await page.locator('.monaco-dialog-box', { hasText: 'send widgets to a new conversation' }).waitFor({ state: 'visible', timeout: 30_000 });
    await answerDialog(workbench, 'Send This Folder', 'send-confirm');
    await notification(workbench, `conversation started — ${TASK}`, 120_000);
    // Its finish notice's Show Changes (the only conversation here, so the only such notice), then its own row's.
    await clickButton(await notification(workbench, `"${FINISH}" finished`, RUN_MS), 'Show Changes');
    await expectSentChanges(workbench, await changesPane(workbench), 'notice-changes');
    await clearNotifications(workbench);
    await panel.showConversations();
    await expectSentChanges(workbench, await showChangesOf(workbench, FINISH), 'row-changes');
    assert.ok(llm.requests.some((r) => r.answered === 'terminal'), 'the agent ran on the scripted LLM');
  } finally {
    runGit(context.workspaceFolder, process.env, 'checkout', '--', 'README.md');
    await llm.close();
  }
}, { timeoutMs: 360_000 });
