import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FileChange } from '../../../src/api/model/changes';
import { buildChangeTree, filesInTreeOrder, type ChangeTreeNode } from '../../../src/core/changes/changeTree';
import { isAgentServerArtefact, isTooLargeToDiff, withoutAgentServerArtefacts } from '../../../src/core/changes/changeLimits';

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

  it('leaves out the agent server files by their exact names only', () => {
    const id = '3f1c2b7a-1111-2222-3333-444455556666';
    assert.equal(isAgentServerArtefact('.openhands-agent-server.log', id), true);
    assert.equal(isAgentServerArtefact('workspace/conversations/3f1c2b7a111122223333444455556666/events/e.json', id), true);
    assert.equal(isAgentServerArtefact('workspace/bash_events/20261125101010123456_BashCommand_abc123', id), true);
    for (const kept of ['.openhands-agent-server.log.bak', 'workspace/conversations/other/x.json', 'workspace/bash_events/notes.md', 'workspace/x.ts']) {
      assert.equal(isAgentServerArtefact(kept, id), false, kept);
    }
    assert.deepEqual(withoutAgentServerArtefacts([change('.openhands-agent-server.log'), change('a.ts')], id).map((f) => f.path), ['a.ts']);
  });
});
