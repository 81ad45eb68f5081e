// The process rules against a stand-in "server" (a Node script that answers /ready after a while and starts a
// child of its own, as uvx starts Python): ready, killed before ready, too slow, cancelled, and Stop ending the
// whole group.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { choosePort } from '../../../src/core/localServer/port';
import { processAlive } from '../../../src/core/localServer/stateFile';
import { spawnServer, stopGroup, waitUntilReady } from '../../../src/core/localServer/serverProcess';

const FAKE_SERVER = `
const http = require('node:http');
const { spawn } = require('node:child_process');
const [port, delayMs] = process.argv.slice(1).map(Number);
const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log('grandchild ' + grandchild.pid);
let ready = false;
setTimeout(() => { ready = true; }, delayMs);
http.createServer((request, response) => { response.statusCode = ready && request.url === '/ready' ? 200 : 503; response.end(); }).listen(port, '127.0.0.1');
`;

describe('the local agent server process', () => {
  let dir: string;
  let log: string;
  const started: number[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-server-process-'));
    log = path.join(dir, 'server.log');
  });
  afterEach(async () => {
    for (const pid of started.splice(0)) await stopGroup(pid, 1000);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(delayMs: number) {
    const port = await choosePort(undefined);
    const child = spawnServer({ command: process.execPath, args: ['-e', FAKE_SERVER, String(port), String(delayMs)] }, { PATH: process.env.PATH ?? '' }, dir, log);
    assert.ok(child.pid);
    started.push(child.pid);
    let ended = false;
    child.once('exit', () => { ended = true; });
    return { child, pid: child.pid, url: `http://127.0.0.1:${port}`, ended: () => ended };
  }

  it('is ready once /ready answers, its output in the log file', async () => {
    const server = await start(300);
    assert.equal(await waitUntilReady(server.url, { timeoutMs: 20_000, signal: new AbortController().signal, ended: server.ended }), 'ready');
    assert.match(fs.readFileSync(log, 'utf8'), /grandchild \d+/);
  });

  it('says the process ended when it is killed before it is ready', async () => {
    const server = await start(60_000);
    setTimeout(() => server.child.kill('SIGKILL'), 300);
    assert.equal(await waitUntilReady(server.url, { timeoutMs: 20_000, signal: new AbortController().signal, ended: server.ended }), 'exited');
  });

  it('gives up at its time limit, and at once when cancelled', async () => {
    const server = await start(60_000);
    assert.equal(await waitUntilReady(server.url, { timeoutMs: 800, signal: new AbortController().signal, ended: server.ended }), 'timeout');
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 200);
    assert.equal(await waitUntilReady(server.url, { timeoutMs: 20_000, signal: cancel.signal, ended: server.ended }), 'cancelled');
  });

  it('Stop ends the whole process group, the server\'s own children too', async () => {
    const server = await start(0);
    assert.equal(await waitUntilReady(server.url, { timeoutMs: 20_000, signal: new AbortController().signal, ended: server.ended }), 'ready');
    const grandchild = Number(/grandchild (\d+)/.exec(fs.readFileSync(log, 'utf8'))?.[1]);
    assert.ok(processAlive(grandchild));
    await stopGroup(server.pid, 5000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(server.ended(), true);
    assert.equal(processAlive(grandchild), false);
  });
});
