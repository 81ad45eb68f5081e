import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { serverLayout } from '../../../src/core/localServer/serverEnv';
import { makeStateFolders } from '../../../src/core/localServer/stateFolder';

describe('the local agent server\'s state folder', () => {
  let dir: string;

  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'state-folder-')); });
  afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  it('makes its folders', async () => {
    const layout = serverLayout(dir);
    await makeStateFolders(layout);
    for (const folder of [layout.root, layout.store, layout.worktrees, layout.tmp]) assert.ok(fs.statSync(folder).isDirectory(), folder);
  });

  // Made so that it fails for root too (this machine's tests run as root, whom permissions do not stop).
  it('says where it cannot write and what to do, when a file is in the way of the storage folder', async () => {
    const storage = path.join(dir, 'globalStorage');
    fs.writeFileSync(storage, '');
    const layout = serverLayout(storage);
    await assert.rejects(makeStateFolders(layout), (error: Error) => {
      assert.match(error.message, /cannot write its state folder/);
      assert.ok(error.message.includes(layout.root), error.message);
      assert.match(error.message, /make it writable/i);
      return true;
    });
  });

  it('says so when the folder is there but a file cannot be written in it (its store is a file)', async () => {
    const layout = serverLayout(dir);
    fs.mkdirSync(layout.root, { recursive: true });
    fs.writeFileSync(layout.store, '');
    await assert.rejects(makeStateFolders(layout), /cannot write its state folder/);
  });
});
