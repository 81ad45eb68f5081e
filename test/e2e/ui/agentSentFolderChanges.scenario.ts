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
import { changesPane, expectSentChanges, showChangesOf } from '../harness/ui/changesSteps';
import { answerInput, clearNotifications, clickButton, key, notification, sendThisFolder, setApiKey } from '../harness/ui/conversationSteps';
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

    await sendThisFolder(workbench, TASK);
    // Its finish notice's Show Changes (the only conversation here, so the only such notice), then its own row's.
    await clickButton(await notification(workbench, `"${FINISH}" finished`, RUN_MS), 'Show Changes');
    await expectSentChanges(workbench, await changesPane(workbench), ['widget.ts'], 'notice-changes');
    await clearNotifications(workbench);
    await panel.showConversations();
    await expectSentChanges(workbench, await showChangesOf(workbench, FINISH), ['widget.ts'], 'row-changes');
    assert.ok(llm.requests.some((r) => r.answered === 'terminal'), 'the agent ran on the scripted LLM');
  } finally {
    runGit(context.workspaceFolder, process.env, 'checkout', '--', 'README.md');
    await llm.close();
  }
}, { timeoutMs: 360_000 });
