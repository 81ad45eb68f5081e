// A base line's place in the agent's version, where a thread on the base is drawn.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PatchHunk } from '../../../src/core/changes/patchParser';
import { agentLineOf } from '../../../src/core/review/baseLines';

// Base: a b c d e f g h; the agent deleted c, replaced e with E1 E2, and added z after h.
const hunks: PatchHunk[] = [
  { oldStart: 1, oldLines: 6, newStart: 1, newLines: 6, lines: [' a', ' b', '-c', ' d', '-e', '+E1', '+E2', ' f'] },
  { oldStart: 8, oldLines: 1, newStart: 8, newLines: 2, lines: [' h', '+z'] },
];

describe('agentLineOf', () => {
  it('keeps a kept line where the agent has it, before and after the hunks\' shifts', () => {
    assert.deepEqual([1, 2, 4, 6, 7, 8].map((line) => agentLineOf(hunks, line, 9)), [1, 2, 3, 6, 7, 8]);
  });

  it('puts a deleted line at the agent\'s line that follows it', () => {
    assert.equal(agentLineOf(hunks, 3, 9), 3, 'c was deleted: d follows it, now line 3');
    assert.equal(agentLineOf(hunks, 5, 9), 4, 'e was replaced: E1, line 4, stands where it was');
  });

  it('stays within the agent\'s file, also where the agent deleted all of it', () => {
    const emptied: PatchHunk[] = [{ oldStart: 1, oldLines: 2, newStart: 0, newLines: 0, lines: ['-a', '-b'] }];
    assert.equal(agentLineOf(emptied, 2, 0), 1);
    assert.equal(agentLineOf([], 12, 5), 5);
  });
});
