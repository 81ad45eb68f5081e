import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { LOCK_STALE_MS, lockIsStale, tryLock, unlock } from '../../../src/core/localServer/startLock';

const alive = () => true;
const dead = () => false;

describe('the local agent server start lock', () => {
  it('takes a lock over only from a dead holder or one that held it past the longest start', () => {
    const now = 1_000_000_000;
    const held = JSON.stringify({ pid: 77, at: now - 1000 });
    assert.equal(lockIsStale(held, now, alive), false);
    assert.equal(lockIsStale(held, now, dead), true);
    assert.equal(lockIsStale(JSON.stringify({ pid: 77, at: now - LOCK_STALE_MS - 1 }), now, alive), true);
    assert.equal(lockIsStale('garbage', now, alive), true);
    assert.equal(lockIsStale(undefined, now, alive), true);
  });

});

describe('the local agent server start lock on disk', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-server-lock-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives the lock to one of two windows taking it at once, and to the next once released', async () => {
    const file = path.join(dir, 'start.lock');
    const taken = await Promise.all([tryLock(file), tryLock(file), tryLock(file)]);
    assert.deepEqual(taken.filter(Boolean).length, 1);
    assert.equal(await tryLock(file), false, 'held by a live process (this one)');
    await unlock(file);
    assert.equal(await tryLock(file), true);
  });

  it('takes over a lock whose holder died', async () => {
    const file = path.join(dir, 'start.lock');
    fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12345, at: Date.now() }));
    assert.equal(await tryLock(file), true);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).pid, process.pid);
  });
});
