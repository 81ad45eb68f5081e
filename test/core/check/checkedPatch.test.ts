// Apply after a check: whether the check ran on exactly the patch Apply applies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckMark } from '../../../src/core/check/checkMark';
import { applyNote } from '../../../src/core/check/checkedPatch';
import { patchHash } from '../../../src/core/check/patchHash';

const PATCH = Buffer.from('diff --git a/sum.js b/sum.js\n--- a/sum.js\n+++ b/sum.js\n@@ -1 +1 @@\n-a - b\n+a + b\n');
const mark = (extra: Partial<CheckMark> = {}): CheckMark => ({ commandLine: 'npm test', end: 'passed', exitCode: 0, ms: 2_140, patchHash: patchHash(PATCH), sent: false, ...extra });

describe('checkedPatch', () => {
  it('tells Apply whether the check ran on exactly the patch it applies', () => {
    assert.equal(applyNote(mark(), PATCH), 'The check (npm test) passed on exactly these changes.');
    const moved = Buffer.concat([PATCH, Buffer.from('diff --git a/b.js b/b.js\n')]);
    assert.equal(applyNote(mark(), moved), 'The check (npm test) passed on older changes: the agent changed them since.');
    assert.equal(applyNote(mark({ end: 'failed', exitCode: 1 }), PATCH), 'The last check (npm test) of these changes failed with exit code 1.');
    assert.equal(applyNote(mark({ end: 'failed', exitCode: 1 }), moved), 'The last check (npm test) failed with exit code 1, on older changes: the agent changed them since.');
  });

  it('says nothing without a check, a patch to compare, or after a cancelled check', () => {
    assert.equal(applyNote(undefined, PATCH), undefined);
    assert.equal(applyNote(mark(), undefined), undefined);
    assert.equal(applyNote(mark({ end: 'cancelled', exitCode: null }), PATCH), undefined);
  });
});
