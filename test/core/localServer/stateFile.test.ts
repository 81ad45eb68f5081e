import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { classify, parseState, processAlive, readState, stopped, writeState } from '../../../src/core/localServer/stateFile';

const alive = () => true;
const dead = () => false;

describe('the local agent server state file', () => {
  it('reads port, release and pid; a damaged or hand-edited file is as no file', () => {
    assert.deepEqual(parseState('{"port":43123,"release":"1.58.2","pid":4242}'), { port: 43123, release: '1.58.2', pid: 4242 });
    assert.deepEqual(parseState('{"port":43123,"release":"1.58.2"}'), { port: 43123, release: '1.58.2' });
    assert.deepEqual(parseState('{"port":43123,"release":"1.58.2","pid":1}'), { port: 43123, release: '1.58.2' }, 'pid 1 is never ours');
    for (const text of [undefined, '', '{', 'null', '[]', '{"port":0,"release":"1.58.2"}', '{"port":70000,"release":"x"}', '{"port":8000,"release":""}', '{"port":"8000","release":"x"}']) {
      assert.equal(parseState(text), undefined, String(text));
    }
  });

  it('finds a server running only when its pid lives and /ready answers', () => {
    const state = { port: 43123, release: '1.58.2', pid: 4242 };
    assert.deepEqual(classify(state, alive, true), { kind: 'running', state });
    assert.deepEqual(classify(state, alive, false), { kind: 'unready', state });
    assert.deepEqual(classify(state, dead, true), { kind: 'stopped', port: 43123 }, 'a dead pid is a stale file, whatever answers on the port');
    assert.deepEqual(classify(stopped(state), alive, true), { kind: 'stopped', port: 43123 });
    assert.deepEqual(classify(undefined, alive, true), { kind: 'stopped' });
  });

  it('knows this process lives and a reaped child does not', () => {
    assert.equal(processAlive(process.pid), true);
    assert.equal(processAlive(2 ** 22 + 12345), false);
  });
});

describe('the local agent server state on disk', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-server-state-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the state whole and reads it back; a stop keeps the port and release', async () => {
    const file = path.join(dir, 'server.json');
    assert.equal(await readState(file), undefined);
    await writeState(file, { port: 43123, release: '1.58.2', pid: 4242 });
    assert.deepEqual(await readState(file), { port: 43123, release: '1.58.2', pid: 4242 });
    await writeState(file, stopped({ port: 43123, release: '1.58.2', pid: 4242 }));
    assert.deepEqual(await readState(file), { port: 43123, release: '1.58.2' });
    assert.deepEqual(fs.readdirSync(dir), ['server.json'], 'no temporary file left');
  });
});
