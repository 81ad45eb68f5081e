import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { PatchHunk } from '../../../src/core/changes/patchParser';
import { commentingRanges } from '../../../src/core/review/commentingRanges';

const hunk = (oldStart: number, oldLines: number, newStart: number, newLines: number, lines: string[]): PatchHunk =>
  ({ oldStart, oldLines, newStart, newLines, lines });

// Line 20 of 40 rewritten, git's 3 lines of context around it.
const REWRITE = hunk(17, 7, 17, 7, [' a', ' b', ' c', '-old', '+new', ' d', ' e', ' f']);

describe('commentingRanges', () => {
  it('gives the changed line and 3 lines around it on each side, not the whole file', () => {
    assert.deepEqual(commentingRanges([REWRITE], 'agent', 40), [{ start: 17, end: 23 }]);
    assert.deepEqual(commentingRanges([REWRITE], 'base', 40), [{ start: 17, end: 23 }]);
  });

  it('gives each side its own lines where the hunk adds more than it removes', () => {
    const grown = hunk(9, 7, 9, 9, [' a', ' b', ' c', '-x', '+x1', '+x2', '+x3', ' d', ' e', ' f']);
    assert.deepEqual(commentingRanges([grown], 'agent', 50), [{ start: 9, end: 17 }]);
    assert.deepEqual(commentingRanges([grown], 'base', 50), [{ start: 9, end: 15 }]);
  });

  it('gives the base of an insertion, and the agent\'s side of a deletion, the lines around the place', () => {
    const inserted = hunk(7, 6, 7, 8, [' a', ' b', ' c', '+n1', '+n2', ' d', ' e', ' f']);
    assert.deepEqual(commentingRanges([inserted], 'base', 30), [{ start: 7, end: 12 }]);
    const deleted = hunk(7, 8, 7, 6, [' a', ' b', ' c', '-o1', '-o2', ' d', ' e', ' f']);
    assert.deepEqual(commentingRanges([deleted], 'agent', 30), [{ start: 7, end: 12 }]);
    assert.deepEqual(commentingRanges([deleted], 'base', 30), [{ start: 7, end: 14 }]);
  });

  it('keeps hunks far apart separate, joins ranges that touch, stays within the file', () => {
    const top = hunk(1, 4, 1, 4, ['-first', '+FIRST', ' b', ' c', ' d']);
    const near = hunk(9, 7, 9, 7, [' a', ' b', ' c', '-x', '+y', ' d', ' e', ' f']);
    const far = hunk(38, 3, 38, 3, [' a', ' b', '-last', '+LAST']);
    assert.deepEqual(commentingRanges([top, near, far], 'agent', 40), [{ start: 1, end: 4 }, { start: 9, end: 15 }, { start: 37, end: 40 }]);
    const touching = hunk(5, 1, 5, 1, ['-e', '+E']);
    assert.deepEqual(commentingRanges([top, touching], 'agent', 40), [{ start: 1, end: 8 }]);
  });

  it('gives a new file\'s every line on the agent\'s side and none on its empty base; a deleted file the reverse', () => {
    const added = hunk(0, 0, 1, 3, ['+one', '+two', '+three']);
    assert.deepEqual(commentingRanges([added], 'agent', 3), [{ start: 1, end: 3 }]);
    assert.deepEqual(commentingRanges([added], 'base', 0), []);
    const removed = hunk(1, 2, 0, 0, ['-one', '-two']);
    assert.deepEqual(commentingRanges([removed], 'base', 2), [{ start: 1, end: 2 }]);
    assert.deepEqual(commentingRanges([removed], 'agent', 0), []);
  });

  it('skips the "no newline at end of file" marker', () => {
    const noEol = hunk(2, 2, 2, 2, [' a', '-b', '\\ No newline at end of file', '+B', '\\ No newline at end of file']);
    assert.deepEqual(commentingRanges([noEol], 'agent', 3), [{ start: 1, end: 3 }]);
  });
});
