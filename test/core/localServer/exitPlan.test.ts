import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { planAtExit, planReason, reaperCommand, reaperEnvironment } from '../../../src/core/localServer/exitPlan';
import { serverLayout, type ServerLayout } from '../../../src/core/localServer/serverEnv';
import { spawnServer } from '../../../src/core/localServer/serverProcess';
import { processAlive, readState } from '../../../src/core/localServer/stateFile';
import { markUser, otherLiveUsers } from '../../../src/core/localServer/windowUsers';
import { until } from '../../support/until';

describe('VS Code\'s exit and the local agent server', () => {
  it('stops it when the last window that used it goes and no conversation runs', () => {
    assert.equal(planAtExit({ serverRunning: true, otherUsers: 0, runningConversations: 0 }), 'stop');
  });

  it('leaves it to the other windows that use it', () => {
    assert.equal(planAtExit({ serverRunning: true, otherUsers: 1, runningConversations: 0 }), 'none');
    assert.equal(planAtExit({ serverRunning: true, otherUsers: 2, runningConversations: undefined }), 'none');
  });

  it('keeps it while a conversation runs, or when the server could not be asked', () => {
    assert.equal(planAtExit({ serverRunning: true, otherUsers: 0, runningConversations: 1 }), 'keep');
    assert.equal(planAtExit({ serverRunning: true, otherUsers: 0, runningConversations: undefined }), 'keep');
  });

  it('says why, for the reaper\'s line in the server\'s log', () => {
    assert.equal(planReason({ serverRunning: true, otherUsers: 0, runningConversations: 0 }), 'no conversation runs on it');
    assert.equal(planReason({ serverRunning: true, otherUsers: 0, runningConversations: 1 }), '1 conversation(s) run on it');
    assert.equal(planReason({ serverRunning: true, otherUsers: 0, runningConversations: undefined, unasked: 'The request GET /openapi.json was cancelled.' }),
      'it could not be asked whether a conversation runs: The request GET /openapi.json was cancelled.');
  });

  it('does nothing when it does not run', () => {
    assert.equal(planAtExit({ serverRunning: false, otherUsers: 0, runningConversations: 0 }), 'none');
  });
});

describe('the reaper left at exit', () => {
  let dir: string;
  let layout: ServerLayout;
  let group: number;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reaper-'));
    layout = serverLayout(dir);
    fs.mkdirSync(layout.root, { recursive: true });
    // A stand-in for the server: a process group of its own, as the extension starts it.
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    server.unref();
    group = server.pid!;
    fs.writeFileSync(layout.stateFile, JSON.stringify({ port: 43123, release: '1.58.2', pid: group }));
  });

  afterEach(() => {
    try { process.kill(-group, 'SIGKILL'); } catch { /* ended by the test */ }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function reap(plan: 'stop' | 'keep', forPid = group): Promise<number | null> {
    const child = spawnServer(reaperCommand(process.execPath, layout, forPid, plan, 'the test', 100), reaperEnvironment(process.env), layout.root, layout.log);
    return new Promise((resolve) => child.once('exit', resolve));
  }

  it('stops the server when no window came back within the grace, and says so in the state file', async () => {
    assert.equal(await reap('stop'), 0);
    await until('the server to end', () => (processAlive(group) ? undefined : true), 15_000);
    assert.deepEqual(await readState(layout.stateFile), { port: 43123, release: '1.58.2' });
  });

  it('leaves the server to a window that came back (a reload): its user file names a live process', async () => {
    await markUser(layout.users, process.pid);
    assert.equal(await reap('stop'), 0);
    assert.ok(processAlive(group));
    assert.deepEqual(await readState(layout.stateFile), { port: 43123, release: '1.58.2', pid: group });
  });

  it('counts only live users: the file of a crashed window does not keep the server', async () => {
    await markUser(layout.users, 2 ** 22 + 12345);
    assert.deepEqual(await otherLiveUsers(layout.users, processAlive), []);
    await markUser(layout.users, 2 ** 22 + 12345);
    assert.equal(await reap('stop'), 0);
    await until('the server to end', () => (processAlive(group) ? undefined : true), 15_000);
  });

  it('keeps the server a conversation runs on, marked for the next window to say so', async () => {
    assert.equal(await reap('keep'), 0);
    assert.ok(processAlive(group));
    assert.deepEqual(await readState(layout.stateFile), { port: 43123, release: '1.58.2', pid: group, keptAtExit: true });
    assert.match(fs.readFileSync(layout.log, 'utf8'), /^\[VS Code exit\] the test: it stays$/m);
  });

  it('leaves alone a server started since it was made (another pid)', async () => {
    assert.equal(await reap('stop', group + 1), 0);
    assert.ok(processAlive(group));
  });
});
