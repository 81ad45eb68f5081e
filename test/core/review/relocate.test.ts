import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { relocate } from '../../../src/core/review/relocate';
import { markSent, newThread, splitLines } from '../../../src/core/review/reviewThread';

const FILE = ['import a;', 'import b;', '', 'function f() {', '  for (let i = 0; i < n - 1; i++) {', '    use(i);', '  }', '}', '', 'export { f };'];
const sent = (start: number, end: number, file = FILE) => markSent([newThread(
  { id: 't', conversationId: 'c', path: 'f.ts', side: 'agent', range: { start, end }, body: 'Skips the last item.' }, file.join('\n'),
)], new Set(['t']), 1000)[0];

describe('relocate', () => {
  it('keeps a thread whose lines are unchanged at the same place', () => {
    const moved = relocate(sent(5, 6), FILE);
    assert.deepEqual([moved.range, moved.state, moved.anchor], [{ start: 5, end: 6 }, 'sent', 'found']);
  });

  it('moves a thread with its lines when the agent added lines above them', () => {
    const moved = relocate(sent(5, 6), ['// header', '// more', ...FILE]);
    assert.deepEqual([moved.range, moved.state], [{ start: 7, end: 8 }, 'sent']);
  });

  it('takes the nearest place when the lines are in the file twice', () => {
    const twice = [...FILE, ...FILE];
    assert.deepEqual(relocate(sent(15, 16, twice), ['x', ...twice]).range, { start: 16, end: 17 });
    assert.deepEqual(relocate(sent(5, 6, twice), ['x', ...twice]).range, { start: 6, end: 7 });
  });

  it('makes a thread outdated where the agent changed its lines, on the lines now between its context', () => {
    const changed = [...FILE.slice(0, 4), '  for (let i = 0; i < n; i++) {', '    use(i);', '    log(i);', ...FILE.slice(6)];
    const moved = relocate(sent(5, 6), changed);
    assert.deepEqual([moved.range, moved.state, moved.anchor, moved.sentAt], [{ start: 5, end: 7 }, 'outdated', 'found', 1000]);
  });

  it('makes a pending thread on changed lines outdated too', () => {
    const pending = newThread({ id: 'p', conversationId: 'c', path: 'f.ts', side: 'agent', range: { start: 5, end: 5 }, body: 'b' }, FILE.join('\n'));
    assert.equal(relocate(pending, [...FILE.slice(0, 4), 'changed', ...FILE.slice(5)]).state, 'outdated');
  });

  it('keeps a thread on the file, saying its line is not found, when the agent rewrote the file', () => {
    const moved = relocate(sent(5, 6), ['something', 'else', 'entirely']);
    assert.deepEqual([moved.range, moved.anchor, moved.state, moved.body], [{ start: 1, end: 1 }, 'lost', 'outdated', 'Skips the last item.']);
  });

  it('reads the new version\'s lines from a CRLF text as from an LF one', () => {
    assert.deepEqual(splitLines('a\r\nb\r\n'), ['a', 'b']);
    assert.deepEqual(relocate(sent(5, 6), splitLines(FILE.join('\r\n'))).range, { start: 5, end: 6 });
  });
});
