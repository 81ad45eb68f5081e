// What Review All Changes opens, and the title that says what it left out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reviewSet } from '../../../src/core/changes/reviewSet';
import type { FileChange } from '../../../src/api/model/changes';

const text = (path: string): FileChange => ({ path, status: 'modified', added: 1, removed: 1 });

describe('reviewSet', () => {
  it('reviews the text files and names what it leaves out in its title (VS Code counts the files shown)', () => {
    const files = [text('a.txt'), text('b.txt'), { path: 'logo.bin', status: 'added', binary: true } as const, text('c.txt'), text('d.txt'), text('e.txt')];
    const set = reviewSet(files, () => false, 'Rework the widgets');
    assert.deepEqual(set.files.map((file) => file.path), ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']);
    assert.equal(set.title, 'Agent\'s changes: Rework the widgets (1 binary file not shown)');
  });

  it('counts binaries and links apart, and says nothing left out where all are shown', () => {
    const files = [text('a.txt'), { path: 'x.bin', status: 'added', binary: true } as const, { path: 'y.bin', status: 'added', binary: true } as const, text('link')];
    assert.equal(reviewSet(files, (path) => path === 'link', 'T').title, 'Agent\'s changes: T (2 binary files and 1 symbolic link not shown)');
    assert.equal(reviewSet([text('a.txt'), text('b.txt')], () => false, 'T').title, 'Agent\'s changes: T');
  });
});
