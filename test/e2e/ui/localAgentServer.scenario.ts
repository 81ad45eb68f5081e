// A person with nothing but VS Code, the extension and uv: the configured URL answers nothing, the views offer Start a
// Local Agent Server; the palette's command asks once (a modal whose default is not Start), downloads or finds the pinned
// openhands-agent-server in uv's cache, starts it and connects ("This machine" in openhands.servers, the Settings view
// names it), confirmation mode stored on. Reload Window finds it running: the same process, no second one; Start again
// connects to it; Update the Local Agent Server says it runs the newest proven release and leaves it as it is. Stop
// ends its whole process group. Started again it has the same port; killed, it is said to have stopped, with Restart
// and Show Log; restarted, then the last window gone (its extension host ended, the subscriptions disposed and the
// secret storage closed as deactivate runs), VS Code's exit stops it. The real-server lane only (it
// runs the real server through uvx, put in the run's ~/.local/bin; localAgentServer.ts gives code-server uv's cache and
// the constraints), with no server started for it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { until } from '../../support/until';
import { deadPort, groupProcesses, installUv, killLocalServer, localServerFolder, readLocalServerState } from '../harness/localAgentServer';
import { scenario } from '../harness/scenario';
import { answerDialog, buttonsOf, clearNotifications, clickButton, notification } from '../harness/ui/conversationSteps';
import { SettingsPanel } from '../harness/ui/settingsPanelUi';

const START = 'OpenHands: Start a Local Agent Server';
const STOP = 'OpenHands: Stop the Local Agent Server';
const UPDATE = 'OpenHands: Update the Local Agent Server';
const API_LABEL = 'OpenHands Agent Server 1.58.2';
/** uvx with the wheel cached, beside code-server and chromium on 2 cores: 40-75 s; a first download adds ~15 s. */
const READY_MS = 240_000;

/** What the reaper left at a window's exit writes to the server's log (core/localServer/exitPlan.ts). */
const STAYS = '[VS Code exit] a window uses it again: it stays';
const STOPS = '[VS Code exit] no window uses it: stopping it';

/** Every file under `dir`, as one text. */
function storedText(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).join('\n');
}

/** The reaper's lines in a piece of the server's log, or that there are none. */
function reaperLines(log: string): string {
  return log.split('\n').filter((line) => line.startsWith('[VS Code exit]')).join(' | ') || 'nothing';
}

function agentServers(pid: number): string[] {
  // The Python that uvx runs (uvx's own command line names the module too).
  return groupProcesses(pid).filter((row) => /^\d+ \S*python[\d.]* -m openhands\.agent_server /.test(row));
}

export default scenario('Start a Local Agent Server from nothing configured, a reload finds it running, Stop ends it', async ({ workbench, page, context }) => {
  const machineSettings = path.join(context.userDataDir, 'Machine', 'settings.json');
  const original = fs.readFileSync(machineSettings, 'utf8');
  const readState = () => readLocalServerState(context);
  const serverLog = () => fs.readFileSync(path.join(localServerFolder(context), 'server.log'), 'utf8');
  const nowhere = `http://127.0.0.1:${await deadPort()}`;
  fs.writeFileSync(machineSettings, JSON.stringify({ ...(JSON.parse(original) as object), 'openhands.serverUrl': nowhere }, null, 2));
  const removeUv = installUv(path.join(context.runFolder, 'home'));
  try {
    await workbench.reloadWindow();
    const panel = new SettingsPanel(workbench, page);
    await panel.open();
    const welcome = await panel.waitForWelcome(/Cannot reach the OpenHands server/);
    assert.ok(welcome.buttons.includes('Start a Local Agent Server'), welcome.buttons.join(', '));
    await workbench.screenshot('offered');

    const clicked = Date.now();
    await workbench.runCommand(START);
    const asked = await answerDialog(workbench, 'Start the Server', 'consent');
    assert.match(asked, /run on this machine as you, without a sandbox/);
    const state = await until('the state file to name a running server', () => readState()?.pid ? readState() : undefined, 30_000);
    const url = `http://127.0.0.1:${state.port}`;
    await until('the Settings view to name the local server', async () =>
      ((await panel.headerDescription()) === `${url} · ${API_LABEL}` ? true : undefined), READY_MS);
    console.log(`    click to connected: ${((Date.now() - clicked) / 1000).toFixed(1)} s`);
    assert.equal(state.release, '1.58.2');
    assert.equal(agentServers(state.pid!).length, 1, groupProcesses(state.pid!).join('\n'));
    const rss = execFileSync('ps', ['-o', 'rss=', '-p', agentServers(state.pid!)[0]!.split(' ')[0]!], { encoding: 'utf8' }).trim();
    console.log(`    the idle server's RSS: ${(Number(rss) / 1024).toFixed(0)} MiB`);
    // Machine-scoped, as the server URL: in a remote window (code-server) the machine's settings file keeps it.
    const servers = (JSON.parse(fs.readFileSync(machineSettings, 'utf8')) as Record<string, unknown>)['openhands.servers'];
    assert.deepEqual(servers, [{ name: 'This machine', url }]);
    // A new server: the extension turned confirmation mode on in its settings (stored under OH_PERSISTENCE_DIR).
    await until('confirmation mode to be stored on', () => (storedText(path.join(localServerFolder(context), 'store')).match(/"confirmation_mode":\s*true/) ? true : undefined));
    await workbench.screenshot('connected');

    await workbench.reloadWindow();
    await panel.open();
    await until('the reloaded window to name the local server', async () =>
      ((await panel.headerDescription()) === `${url} · ${API_LABEL}` ? true : undefined), 60_000);
    await workbench.runCommand(START);
    await until('Start to find it running', async () => ((await panel.headerDescription()) === `${url} · ${API_LABEL}` ? true : undefined));
    assert.equal(readState()?.pid, state.pid, 'the same server');
    assert.equal(agentServers(state.pid!).length, 1, 'one server');
    // The reload ended the extension host that used the server: it left a reaper, which finds the reloaded window.
    await until('the reaper left by the reload to find the reloaded window', () => (serverLog().includes(STAYS) ? true : undefined), 180_000);
    assert.equal(agentServers(state.pid!).length, 1, 'the reload kept the server');
    await clearNotifications(workbench);

    // Update on the newest release the extension has been proven against: said so, nothing else done.
    await workbench.runCommand(UPDATE);
    await notification(workbench, /runs openhands-agent-server 1\.58\.2, the newest release the extension has been proven against/, 30_000);
    assert.equal(readState()?.pid, state.pid, 'Update left the server running as it was');
    assert.equal(agentServers(state.pid!).length, 1, 'one server');
    await clearNotifications(workbench);

    await workbench.runCommand(STOP);
    await notification(workbench, /the local agent server is stopped/, 30_000);
    assert.deepEqual(groupProcesses(state.pid!), [], 'nothing of it left running');
    assert.deepEqual(readState(), { port: state.port, release: '1.58.2' });
    await panel.waitForWelcome(/Cannot reach the OpenHands server/);
    await workbench.screenshot('stopped');
    await clearNotifications(workbench);

    // Started again: the same port, so the same URL and key; no question this time. Then the server is killed.
    await workbench.runCommand(START);
    const again = await until('the state file to name the new server', () => (readState()?.pid ? readState() : undefined), 30_000);
    const pid = again.pid!;
    assert.ok(pid !== state.pid && again.port === state.port, JSON.stringify(again));
    // The views show its settings again (they said offline meanwhile): the extension connected to the new server.
    await panel.waitForWelcome(/Cannot reach the OpenHands server/);
    await until('the views to show the new server\'s settings', async () => (await panel.offersWelcomeButton('Retry') ? undefined : true), READY_MS);
    await panel.waitForDescription('Confirmation mode', 2, 'on');
    const python = Number(agentServers(pid)[0]?.split(' ')[0]);
    process.kill(python, 'SIGKILL');
    const crash = await notification(workbench, /the local agent server stopped unexpectedly/, 30_000);
    assert.deepEqual(await buttonsOf(crash), ['Restart', 'Show Log']);
    await until('uvx to end with its server', () => (groupProcesses(pid).length === 0 ? true : undefined));
    assert.deepEqual(readState(), { port: state.port, release: '1.58.2' });
    await workbench.screenshot('crashed');

    // Restart, then the last window goes (the page leaves the workbench: after code-server's grace time its extension
    // host ends, and deactivate leaves the reaper): no conversation runs, so the server is stopped.
    // The views say offline first (else they could still show the killed server's settings when the page leaves, and the
    // window would leave while the restarted server is not up yet: then it cannot ask it, and keeps it, by design).
    await panel.waitForWelcome(/Cannot reach the OpenHands server/);
    await clickButton(crash, 'Restart');
    const restarted = await until('the state file to name the restarted server', () => (readState()?.pid && readState()?.pid !== pid ? readState() : undefined), 30_000);
    // Its settings shown (not merely no Retry, which is also true while the views load): the window is connected to it.
    await until('the views to show the restarted server\'s settings', async () => ((await panel.description('Confirmation mode', 2).catch(() => '')) === 'on' ? true : undefined), READY_MS);
    const before = serverLog().length;
    await page.goto('about:blank');
    // What the reaper says (its plan and why) is the failure's message: the reason the server stays is there.
    const said = () => reaperLines(serverLog().slice(before));
    const acted = await until('the reaper to act', () => (/stopping it|it stays|has ended/.test(said()) ? said() : undefined), 240_000)
      .catch((error: Error) => { throw new Error(`${error.message}; the reaper said: ${said()}`); });
    assert.ok(acted.includes(STOPS), acted);
    console.log(`    the reaper at the last window's exit: ${acted}`);
    await until('the server to end', () => (groupProcesses(restarted.pid!).length === 0 ? true : undefined), 30_000);
    assert.deepEqual(readState(), { port: state.port, release: '1.58.2' });
  } finally {
    killLocalServer(context);
    fs.writeFileSync(machineSettings, original);
    removeUv();
  }
}, { startsItsOwnServer: 'the extension', timeoutMs: 900_000 });
