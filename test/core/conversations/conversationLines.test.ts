// The Conversations view's lines and what a poll tells VS Code: only the rows whose content changed, so that the
// rows VS Code knows (and hands to their menu commands) survive the poll; the whole view only when lines come,
// go or move.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FeedItem } from '../../../src/core/conversations/conversationFeed';
import { conversationLines, type ConversationsShown } from '../../../src/core/conversations/conversationLines';
import { treeChange } from '../../../src/core/platform/treeChanges';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const item = (id: string, extra: Partial<FeedItem> = {}): FeedItem => ({
  id, title: `Task ${id}`, repository: 'octo/widgets', branch: 'main', createdAt: '2026-11-25T09:55:00Z',
  updatedAt: null, state: 'running', serverStatus: 'RUNNING / running', startedHere: false, ...extra,
});
const shown = (extra: Partial<ConversationsShown> = {}): ConversationsShown =>
  ({ noServer: false, list: [item('a'), item('b')], hasMore: false, problem: undefined, filtered: undefined, ...extra });
const ids = (s: ConversationsShown, now = NOW) => conversationLines(s, now).map((line) => line.id);

describe('conversationLines', () => {
  it('nothing without a server; a loading line until the first page; the problem above the rows', () => {
    assert.deepEqual(ids(shown({ noServer: true })), []);
    assert.deepEqual(ids(shown({ list: undefined })), [':loading']);
    assert.deepEqual(ids(shown({ list: undefined, problem: 'refused' })), [':problem']);
    assert.deepEqual(ids(shown({ problem: 'refused', hasMore: true })), [':problem', 'a', 'b', ':more']);
  });

  it('a row holds what its tree item shows, its age included', () => {
    const [row] = conversationLines(shown(), NOW);
    assert.equal(row?.kind === 'conversation' && row.row.description, 'octo/widgets (main) · 5 min · running');
  });

  it('a checked conversation\'s row says how its last check ended, and only that row changes when it ends', () => {
    const check = { commandLine: 'npm test', end: 'failed' as const, exitCode: 1, ms: 3_200, patchHash: 'h', sent: false };
    const before = conversationLines(shown(), NOW);
    const after = conversationLines(shown({ checks: new Map([['b', check]]) }), NOW);
    const row = after[1];
    assert.equal(row?.kind === 'conversation' && row.row.description, 'octo/widgets (main) · 5 min · running · check failed (exit 1)');
    assert.match(row?.kind === 'conversation' ? row.row.tooltip : '', /Last check: npm test failed with exit code 1 after 3\.2 s\./);
    assert.deepEqual(treeChange(before, after), { kind: 'nodes', ids: ['b'] });
  });

  it('under a filter: its line, then the rows it found and whether it can load more', () => {
    const found = { rows: [item('b')], hasMore: true, by: 'server' as const, total: 7, searched: 20 };
    const lines = conversationLines(shown({ filtered: { text: 'Task', states: ['running'], found } }), NOW);
    assert.deepEqual(lines.map((line) => line.id), [':filter', 'b', ':more']);
    assert.deepEqual(lines[0]?.kind === 'filter' && lines[0].filter, { text: 'Task', states: ['running'], by: 'server', shown: 1, total: 7, searched: 20, hasMore: true });
  });
});

describe('what a poll tells VS Code', () => {
  const change = (before: ConversationsShown, after: ConversationsShown, later = NOW) =>
    treeChange(conversationLines(before, NOW), conversationLines(after, later));

  it('a conversation whose state changed: that row alone', () => {
    assert.deepEqual(change(shown(), shown({ list: [item('a'), item('b', { state: 'finished' })] })), { kind: 'nodes', ids: ['b'] });
  });

  it('nothing when the poll brought nothing new; the rows whose age text moved when time passed', () => {
    assert.deepEqual(change(shown(), shown()), { kind: 'nodes', ids: [] });
    assert.deepEqual(change(shown({ list: [item('a'), item('b', { createdAt: '2026-11-25T08:00:00Z' })] }),
      shown({ list: [item('a'), item('b', { createdAt: '2026-11-25T08:00:00Z' })] }), NOW + 60 * 60_000), { kind: 'nodes', ids: ['a', 'b'] });
  });

  it('the whole view when a conversation comes or goes, the order changes, or a line appears', () => {
    assert.deepEqual(change(shown(), shown({ list: [item('c'), item('a'), item('b')] })), { kind: 'all' });
    assert.deepEqual(change(shown(), shown({ list: [item('a')] })), { kind: 'all' });
    assert.deepEqual(change(shown(), shown({ list: [item('b'), item('a')] })), { kind: 'all' });
    assert.deepEqual(change(shown(), shown({ hasMore: true })), { kind: 'all' });
    assert.deepEqual(change(shown(), shown({ problem: 'refused' })), { kind: 'all' });
  });

  it('a problem whose words changed: that line alone', () => {
    assert.deepEqual(change(shown({ problem: 'refused' }), shown({ problem: 'timed out' })), { kind: 'nodes', ids: [':problem'] });
  });
});
