import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FileChange } from '../../../src/api/model/changes';
import { buildChangeTree, filesInTreeOrder, type ChangeTreeNode } from '../../../src/core/changes/changeTree';
import { isTooLargeToDiff } from '../../../src/core/changes/changeLimits';

const change = (path: string): FileChange => ({ path, status: 'modified' });

function shape(nodes: readonly ChangeTreeNode[]): unknown[] {
  return nodes.map((node) => (node.kind === 'file' ? node.label : { [node.label]: shape(node.children) }));
}

describe('buildChangeTree', () => {
  it('groups by folder, compacts single-folder chains, folders first, natural order', () => {
    const files = ['z.txt', 'src/core/changes/b.ts', 'src/core/changes/a.ts', 'src/api/x.ts', 'A.md', 'file10.txt', 'file9.txt', 'docs/guide/deep/x.md'];
    const tree = buildChangeTree(files.map(change));
    assert.deepEqual(shape(tree), [
      { 'docs/guide/deep': ['x.md'] },
      { src: [{ api: ['x.ts'] }, { 'core/changes': ['a.ts', 'b.ts'] }] },
      'A.md', 'file9.txt', 'file10.txt', 'z.txt',
    ]);
    const compacted = tree[1].kind === 'folder' ? tree[1].children[1] : undefined;
    assert.equal(compacted?.kind === 'folder' ? compacted.path : undefined, 'src/core/changes');
  });

  it('does not compact a folder that holds a file beside its one folder', () => {
    assert.deepEqual(shape(buildChangeTree(['a/f.txt', 'a/b/g.txt'].map(change))), [{ a: [{ b: ['g.txt'] }, 'f.txt'] }]);
  });

  it('lists the files in the order the tree shows them', () => {
    const tree = buildChangeTree(['b.txt', 'a/z.txt', 'a/y.txt'].map(change));
    assert.deepEqual(filesInTreeOrder(tree).map((f) => f.path), ['a/y.txt', 'a/z.txt', 'b.txt']);
  });
});

describe('changeLimits', () => {
  it('diffs up to 5 MiB inline', () => {
    assert.equal(isTooLargeToDiff(5 * 1024 * 1024), false);
    assert.equal(isTooLargeToDiff(5 * 1024 * 1024 + 1), true);
  });
});
