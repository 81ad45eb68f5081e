import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findNode, treeChange } from '../../../src/core/platform/treeChanges';

interface Node { readonly id: string; readonly label: string; readonly children?: readonly Node[] }

const group = (id: string, rows: Record<string, string>): Node =>
  ({ id, label: id, children: Object.entries(rows).map(([row, label]) => ({ id: row, label })) });

describe('treeChange', () => {
  it('refreshes the whole tree when its top level appears, goes or changes', () => {
    assert.deepEqual(treeChange([], [group('llm', { model: 'a' })]), { kind: 'all' });
    assert.deepEqual(treeChange([group('llm', { model: 'a' })], []), { kind: 'all' });
    assert.deepEqual(treeChange([group('llm', {})], [group('llm', {}), group('agent', {})]), { kind: 'all' });
  });

  it('names only the groups whose rows or own line changed, so the others keep their elements', () => {
    const before = [group('llm', { model: 'a', key: 'set' }), group('agent', { max: '60' })];
    const after = [group('llm', { model: 'b (saving…)', key: 'set' }), group('agent', { max: '60' })];
    assert.deepEqual(treeChange(before, after), { kind: 'nodes', ids: ['llm'] });
    assert.deepEqual(treeChange(before, [{ ...before[0]!, label: 'LLM (saving…)' }, before[1]!]), { kind: 'nodes', ids: ['llm'] });
  });

  it('says nothing when a build shows the same (a state change that leaves the view empty, a note only)', () => {
    assert.deepEqual(treeChange([], []), { kind: 'nodes', ids: [] });
    const tree = [group('llm', { model: 'a' })];
    assert.deepEqual(treeChange(tree, [group('llm', { model: 'a' })]), { kind: 'nodes', ids: [] });
  });
});

describe('findNode', () => {
  it('finds a node at any depth by id, so an element from an older build is answered from the newest', () => {
    const older = [group('mcp', { sse: '1' })];
    const newest: Node[] = [{ id: 'mcp', label: 'MCP', children: [{ id: 'sse', label: '2', children: [{ id: 'sse:0', label: 'x' }] }] }];
    assert.equal(findNode(newest, older[0]!.id)?.children?.[0]?.label, '2');
    assert.equal(findNode(newest, 'sse:0')?.label, 'x');
    assert.equal(findNode(newest, 'none'), undefined);
  });
});
