// Default file names of exports, made from a conversation's title.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFileName } from '../../../src/core/platform/fileNames';

describe('defaultFileName', () => {
  it('collapses runs of spaces and separators, and never yields ".." before the extension', () => {
    assert.equal(defaultFileName('Long run: do the real work slowly', 'md', 'transcript'), 'Long run do the real work slowly.md');
    assert.equal(defaultFileName('Edit the file, then finish.', 'patch', 'openhands-changes'), 'Edit the file, then finish.patch');
    assert.equal(defaultFileName('a..b...c', 'md', 'x'), 'a.b.c.md');
  });

  it('drops what a file system refuses and falls back where nothing is left', () => {
    assert.equal(defaultFileName('a/b\\c*d?"e"<f>|g\u0001h', 'md', 'x'), 'a b c d e f g h.md');
    assert.equal(defaultFileName(' .. / ', 'patch', 'openhands-changes'), 'openhands-changes.patch');
    assert.equal(defaultFileName('.hidden', 'md', 'x'), 'hidden.md');
  });

  it('keeps a long title to 80 characters, cut at no separator', () => {
    const name = defaultFileName(`${'word '.repeat(30)}`, 'md', 'x');
    assert.ok(name.length <= 83, name);
    assert.match(name, /^word( word)*\.md$/);
  });
});
