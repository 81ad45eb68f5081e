import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LocalFile, WorkingTree } from '../../../src/core/changes/applyPlan';
import * as applyRun from '../../../src/core/changes/applyRun';
import type { SnapshotEntry } from '../../../src/core/changes/applyRun';

/** A tree in memory that counts every write and removal. */
function treeOf(files: Record<string, string>): WorkingTree & { files: Map<string, string>; writes: number } {
  const tree = {
    files: new Map(Object.entries(files)),
    writes: 0,
    read: (path: string): Promise<LocalFile> => {
      const text = tree.files.get(path);
      return Promise.resolve(text === undefined ? { kind: 'missing' } : { kind: 'file', bytes: new Uint8Array(Buffer.from(text)) });
    },
    write: (path: string, bytes: Uint8Array) => { tree.writes++; tree.files.set(path, Buffer.from(bytes).toString()); return Promise.resolve(); },
    remove: (path: string) => { tree.writes++; tree.files.delete(path); return Promise.resolve(); },
  };
  return tree;
}

const bytes = (text: string | null) => (text === null ? null : new Uint8Array(Buffer.from(text)));
const entry = (path: string, before: string | null, after: string | null | 'merge'): SnapshotEntry =>
  ({ path, before: bytes(before), after: after === 'merge' ? 'merge' : bytes(after) });

describe('undo of an apply', () => {
  const snapshot = [entry('a.txt', 'a0\n', 'a1\n'), entry('b.txt', 'b0\n', 'b1\n'), entry('new.txt', null, 'n\n'), entry('m.txt', 'm0\n', 'merge')];

  it('checks first and writes nothing: what it can restore, and what was changed since', async () => {
    const tree = treeOf({ 'a.txt': 'a1\n', 'b.txt': 'b1 and my edit\n', 'new.txt': 'n\n', 'm.txt': 'm0\n' });
    const check = await applyRun.checkUndo(snapshot, tree);
    assert.equal(tree.writes, 0);
    assert.deepEqual(check.restorable.map((e) => e.path), ['a.txt', 'new.txt']);
    assert.deepEqual(check.changedSince.map((e) => e.path), ['b.txt']);
  });

  it('restores the chosen entries only: the person\'s edited file is kept when they keep it', async () => {
    const tree = treeOf({ 'a.txt': 'a1\n', 'b.txt': 'b1 and my edit\n', 'new.txt': 'n\n', 'm.txt': 'm0\n' });
    const check = await applyRun.checkUndo(snapshot, tree);
    const rest = await applyRun.undoApply(check.restorable, tree, false);
    assert.deepEqual(rest.restored, ['a.txt', 'new.txt']);
    assert.deepEqual(Object.fromEntries(tree.files), { 'a.txt': 'a0\n', 'b.txt': 'b1 and my edit\n', 'm.txt': 'm0\n' });
    const all = await applyRun.undoApply(check.changedSince, tree, true);
    assert.deepEqual(all.restored, ['b.txt']);
    assert.equal(tree.files.get('b.txt'), 'b0\n');
  });
});
