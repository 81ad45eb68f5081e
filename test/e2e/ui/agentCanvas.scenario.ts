// Issue 43's person: they run Agent Canvas 1.20.0 as its README says (`npx @openhands/agent-canvas --backend-only`,
// here from .cache/openhands/canvas-1.20.0: scripts/openhands/start-canvas.sh, the real-server lane only) with the
// extension host's HOME, so that Canvas itself writes its key file where the extension looks. Then, without a
// browser: Change Server URL to Canvas's ingress (the Settings view names the agent server Canvas started, 1.49.1),
// Set API Key > Use Agent Canvas's key (never typed), Configure LLM pointing at the project's scripted LLM, Start
// Conversation with Send This Folder; the agent writes a file in the folder sent and finishes; its notice's Show
// Changes lists the file, opened in a diff (reviewed); Apply writes it into the workspace folder with the agent's
// bytes. Last, Canvas is stopped (the launcher and the services it started, each in a process group of its own) and
// what the scenario wrote is removed: the key files and the conversation's folder under HOME, the applied file (the
// harness puts the machine settings back). The agent line's other checks run on 1.58.2 (agentServer.scenario.ts and
// the agent* scenarios).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ScriptStep } from '../../support/scriptedLlm/script';
import { startScriptedLlm } from '../../support/scriptedLlm/scriptedLlm';
import { CANVAS_PROVISION, CANVAS_VERSION, startAgentCanvas, type AgentCanvas } from '../harness/agentCanvas';
import { groupProcesses } from '../harness/localAgentServer';
import { scenario } from '../harness/scenario';
import { AGENT_MODEL, configureLlm, useCanvasKey } from '../harness/ui/agentSteps';
import { changesPane, openChangedFile } from '../harness/ui/changesSteps';
import { clearNotifications, clickButton, notification, sendThisFolder } from '../harness/ui/conversationSteps';
import { panelOnServer } from '../harness/ui/settingsPanelUi';

const TASK = 'Write canvas-hello.txt, then finish.';
const FINISH = 'canvas-hello.txt is written.';
const FILE = 'canvas-hello.txt';
const AGENT_BYTES = 'Hello from the agent on Agent Canvas\n';
const SCRIPT: readonly ScriptStep[] = [
  // The terminal runs in the folder sent (file_editor would need its absolute path, which the scripted LLM lacks).
  { tool: 'terminal', command: `printf 'Hello from the agent on Agent Canvas\\n' > ${FILE}`, thought: 'Write the file the task asks for.' },
];
/** What the Settings view names Canvas 1.20.0's agent server (its config/defaults.json pins 1.49.1). */
const API_LABEL = 'OpenHands Agent Server 1.49.1';
const RUN_MS = 150_000;

/** The entries of `dirs` (paths), those that exist. */
function entries(...dirs: string[]): string[] {
  return dirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : []));
}

export default scenario(`Agent Canvas ${CANVAS_VERSION} run as a person runs it: its key, Configure LLM, Send This Folder to finished, the change reviewed and applied`, async ({ workbench, page, context }) => {
  const home = path.join(context.runFolder, 'home');
  // Canvas writes its key files in ~/.openhands/agent-canvas; the agent server puts each conversation's folder in
  // ~/.openhands/workspaces (the extension's choice). What other scenarios left there stays.
  const openhands = path.join(home, '.openhands');
  const workspaces = path.join(openhands, 'workspaces');
  const before = new Set(entries(openhands, workspaces));
  const applied = path.join(context.workspaceFolder, FILE);
  assert.equal(fs.existsSync(path.join(openhands, 'agent-canvas')), false, `no key file of Canvas's under ${home} before it runs`);
  const llm = await startScriptedLlm({ script: SCRIPT, finishMessage: FINISH, delayMs: 200 });
  let canvas: AgentCanvas | undefined;
  try {
    canvas = await startAgentCanvas(home);
    console.log(`    Agent Canvas ${CANVAS_VERSION}: its launcher spawned to its ingress ready in ${canvas.startSeconds.toFixed(1)} s`);
    assert.equal(canvas.serverVersion, '1.49.1', 'the agent server Canvas 1.20.0 pins');
    const panel = await panelOnServer(workbench, page, { url: canvas.url, apiLabel: API_LABEL });
    await useCanvasKey(workbench);
    await configureLlm(workbench, context, llm.baseUrl);
    await panel.waitForDescription('Model', 2, AGENT_MODEL);
    await panel.waitForStatusBar('OpenHands');
    await workbench.screenshot('configured');

    await sendThisFolder(workbench, TASK);
    await clickButton(await notification(workbench, `"${FINISH}" finished`, RUN_MS), 'Show Changes');
    const changes = await changesPane(workbench);
    await changes.locator('.monaco-list-row', { hasText: /^Against your folder as you sent it/ }).first().waitFor({ timeout: 30_000 });
    await openChangedFile(workbench, changes, FILE, AGENT_BYTES.trim());
    assert.equal(fs.existsSync(applied), false, 'reviewed, not yet applied');
    assert.ok(llm.requests.some((r) => r.answered === 'terminal'), 'the agent ran on the scripted LLM');

    await clearNotifications(workbench);
    await workbench.runCommand('OpenHands: Apply Changes to the Workspace');
    await notification(workbench, /1 files? updated, 0 merged, 0 skipped\./, 60_000);
    await workbench.screenshot('applied');
    assert.equal(fs.readFileSync(applied, 'utf8'), AGENT_BYTES, 'the agent\'s file, with its bytes, in the workspace folder');

    const running = canvas.processes();
    assert.ok(running.some((row) => row.includes('agent-server')) && running.some((row) => row.includes('ingress.mjs')), running.join('\n'));
    await canvas.stop();
    assert.deepEqual(groupProcesses(canvas.pid), [], 'the launcher\'s process group has ended');
    assert.deepEqual(canvas.processes(), [], 'and so has everything it started');
  } finally {
    await canvas?.stop().catch((error: unknown) => console.error(`    ${String(error)}`));
    fs.rmSync(applied, { force: true });
    // Canvas's key files (the next scenarios' Set API Key offers no Canvas key) and this conversation's folder.
    for (const added of entries(workspaces, openhands).filter((entry) => !before.has(entry))) fs.rmSync(added, { recursive: true, force: true });
    if (before.size === 0) fs.rmSync(openhands, { recursive: true, force: true });
    await llm.close();
  }
}, { startsItsOwnServer: `Agent Canvas ${CANVAS_VERSION}`, provision: CANVAS_PROVISION, timeoutMs: 600_000 });
