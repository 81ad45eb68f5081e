// Issue 44's whole first hour on the local agent server, through the UI alone: from nothing configured, Start a Local
// Agent Server (uvx, the pinned release's wheel from uv's cache), Configure LLM on the scripted LLM, Start Conversation
// with Send This Folder: the workspace is a git repository with an edit of README.md never committed and an untracked
// notes.txt, and the confirmation counts what git would send. The server started the conversation with confirmation
// mode on (the extension turned it on for the new server), so the agent waits before its command: Approve in the
// transcript until it has finished. Its command read notes.txt (its next request to its LLM holds the note) and wrote
// hello.txt in its own workspace, the copy handed over under the server's home: never the person's folder, which has
// no hello.txt until Apply. Show Changes from its row lists hello.txt alone, against the folder as sent; the Changes
// view's Apply writes it into the folder with the agent's bytes, the person's edit and note as they were. Reload
// Window finds the same server running and the conversation listed; Stop, Start again (no question), and the
// conversation is still listed, finished, its changes still shown, reviews offered again; Stop at the end. The
// real-server lane only, with no server started for it (localAgentServer.ts). The folder is put back as it was in
// any case. Its first runs found three defects: the Settings view showed Confirmation mode off (the first load, slow
// under load, ended after the extension's save: settingsPanelModel.ts), the unpack ran its git commands in the
// repository enclosing the run's HOME, as it would in a home kept in git (snapshot.ts unpackCommand), and after the
// restart the Changes view said the server takes no follow-up messages (changesTreeProvider.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { until } from '../../support/until';
import type { E2eContext } from '../harness/context';
import { deadPort, installUv, killLocalServer, readLocalServerState } from '../harness/localAgentServer';
import { scenario } from '../harness/scenario';
import { applyShownChanges, expectSentChanges, showChangesOf } from '../harness/ui/changesSteps';
import { AGENT_MODEL, configureLlm } from '../harness/ui/agentSteps';
import { answerDialog, clearNotifications, clickButton, conversationRows, notification, sendThisFolder } from '../harness/ui/conversationSteps';
import { SettingsPanel } from '../harness/ui/settingsPanelUi';
import { transcriptPage } from '../harness/ui/transcriptSteps';
import type { Workbench } from '../harness/workbench';
import { runGit } from '../harness/workspace';

const TASK = 'Read notes.txt, write hello.txt, then finish.';
// The scripted LLM's finish message is also the title the agent server gives the conversation: its row's text.
const FINISH = 'hello.txt is written.';
const AGENTS = 'Hello from the agent\n';
const NOTE = 'A note of the person, never committed.\n';
const EDIT = 'An edit of the person, never committed.\n';
const SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: "cat notes.txt && printf 'Hello from the agent\\n' > hello.txt", thought: 'Read the notes, then write the file the task asks for.' },
];
const START = 'OpenHands: Start a Local Agent Server';
const STOP = 'OpenHands: Stop the Local Agent Server';
const API_LABEL = 'OpenHands Agent Server 1.58.2';
const READY_MS = 240_000;
const RUN_MS = 150_000;

export default scenario('Start a Local Agent Server, Configure LLM, Send This Folder, a conversation that asks before its command, Approve, finished, Apply, still listed after a restart', async ({ workbench, page, context }) => {
  const folder = context.workspaceFolder;
  const readme = fs.readFileSync(path.join(folder, 'README.md'));
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  fs.writeFileSync(machineSettings, JSON.stringify({ ...(JSON.parse(original) as object), 'openhands.serverUrl': `http://127.0.0.1:${await deadPort()}` }, null, 2));
  const removeUv = installUv(path.join(context.runFolder, 'home'));
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: FINISH, delayMs: 200, keepBodies: true });
  try {
    fs.appendFileSync(path.join(folder, 'README.md'), EDIT);
    fs.writeFileSync(path.join(folder, 'notes.txt'), NOTE);
    const persons = () => ({ readme: fs.readFileSync(path.join(folder, 'README.md')), notes: fs.readFileSync(path.join(folder, 'notes.txt')) });
    const before = persons();
    await workbench.reloadWindow();
    const panel = new SettingsPanel(workbench, page);
    await panel.open();
    const url = await startLocalServer(workbench, panel, context, true);
    const pid = readLocalServerState(context)?.pid;
    await configureLlm(workbench, context, llm.baseUrl);
    await panel.waitForDescription('Model', 2, AGENT_MODEL);
    await clearNotifications(workbench);

    const confirmation = await sendThisFolder(workbench, TASK);
    // What leaves: the files git would commit from the folder as it is (its tracked files and untracked notes.txt).
    const sent = runGit(folder, process.env, 'ls-files', '--cached', '--others', '--exclude-standard').split('\n').length;
    assert.match(confirmation, new RegExp(`Send This Folder sends ${sent} files \\(`), confirmation);
    await approveUntilFinished(workbench, page);
    assert.ok(JSON.stringify(llm.requests.map((r) => r.body)).includes(JSON.stringify(NOTE).slice(1, -1)), 'the agent\'s cat read the untracked note sent with the folder');
    assert.equal(fs.existsSync(path.join(folder, 'hello.txt')), false, 'the agent wrote into its own copy, not the person\'s folder');
    assert.ok(agentCopies(context).length > 0, 'the agent\'s workspace is the copy handed over, under the server\'s home');

    await clearNotifications(workbench);
    await panel.showConversations();
    const changes = await showChangesOf(workbench, FINISH);
    await expectSentChanges(workbench, changes, ['hello.txt'], 'changes');
    await applyShownChanges(workbench, changes, /OpenHands: 1 file updated, 0 merged, 0 skipped\./);
    await workbench.screenshot('applied');
    assert.equal(fs.readFileSync(path.join(folder, 'hello.txt'), 'utf8'), AGENTS, 'the agent\'s file, byte for byte');
    assert.deepEqual(persons(), before, 'the person\'s edit and note as they were');
    await clearNotifications(workbench);

    await workbench.reloadWindow();
    await panel.open();
    await until('the reloaded window to name the local server', async () =>
      ((await panel.headerDescription()) === `${url} · ${API_LABEL}` ? true : undefined), 60_000);
    assert.equal(readLocalServerState(context)?.pid, pid, 'the reload found the same server running');
    await finishedRow(workbench, 'reloaded');

    await stopLocalServer(workbench, panel);
    await startLocalServer(workbench, panel, context, false);
    await finishedRow(workbench, 'restarted');
    // The Changes view still shows them, and says nothing against a review: this server takes follow-ups.
    await changes.locator('.monaco-list-row .label-name', { hasText: /^hello\.txt$/ }).waitFor({ timeout: 30_000 });
    await until('the Changes view to offer reviews again', async () => ((await changes.getByText(/Reviews are not offered/).count()) === 0 ? true : undefined), 60_000);
    await stopLocalServer(workbench, panel);
  } finally {
    killLocalServer(context);
    for (const name of ['hello.txt', 'notes.txt']) fs.rmSync(path.join(folder, name), { force: true });
    fs.writeFileSync(path.join(folder, 'README.md'), readme);
    fs.writeFileSync(machineSettings, original);
    removeUv();
    await llm.close();
  }
}, { startsItsOwnServer: 'the extension', timeoutMs: 900_000 });

/**
 * Start a Local Agent Server from the palette; the consent is asked once per VS Code (`firstTime`: a scenario before
 * this one in the run may have answered). Waits for the views to name the server and show its settings; its URL.
 */
async function startLocalServer(workbench: Workbench, panel: SettingsPanel, context: E2eContext, firstTime: boolean): Promise<string> {
  const previous = readLocalServerState(context)?.pid;
  await workbench.runCommand(START);
  const dialog = workbench.page.locator('.monaco-dialog-box');
  if (firstTime && await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false)) await answerDialog(workbench, 'Start the Server');
  const state = await until('the state file to name a newly started server', () => {
    const read = readLocalServerState(context);
    return read?.pid && read.pid !== previous ? read : undefined;
  }, 30_000);
  const url = `http://127.0.0.1:${state.port}`;
  await until('the Settings view to name the local server', async () =>
    ((await panel.headerDescription()) === `${url} · ${API_LABEL}` ? true : undefined), READY_MS);
  await panel.waitForDescription('Confirmation mode', 2, 'on');
  return url;
}

async function stopLocalServer(workbench: Workbench, panel: SettingsPanel): Promise<void> {
  await clearNotifications(workbench);
  await workbench.runCommand(STOP);
  await notification(workbench, /the local agent server is stopped/, 30_000);
  await panel.waitForWelcome(/Cannot reach the OpenHands server/);
  await clearNotifications(workbench);
}

/** The run waits for the person: its transcript from the notice, Approve on each action until the agent finishes. */
async function approveUntilFinished(workbench: Workbench, page: Workbench['page']): Promise<void> {
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
}

/** The conversation's row in the Conversations view, finished (screenshot `shot`). */
async function finishedRow(workbench: Workbench, shot: string): Promise<void> {
  const row = (await conversationRows(workbench)).filter({ hasText: FINISH });
  await row.filter({ hasText: /finished/ }).waitFor({ timeout: 60_000 });
  await workbench.screenshot(shot);
}

/** The conversations' workspaces under the server's home (agentConversationsApi.ts) that hold the sent note and the agent's file. */
function agentCopies(context: E2eContext): string[] {
  const workspaces = path.join(context.runFolder, 'home', '.openhands', 'workspaces');
  const read = (dir: string, name: string) => fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), 'utf8') : undefined;
  return (fs.existsSync(workspaces) ? fs.readdirSync(workspaces) : []).map((id) => path.join(workspaces, id))
    .filter((dir) => read(dir, 'hello.txt') === AGENTS && read(dir, 'notes.txt') === NOTE);
}
