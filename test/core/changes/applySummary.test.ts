import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applySummary } from '../../../src/core/changes/applySummary';
import type { ApplyOutcome } from '../../../src/core/changes/applyRun';

const outcome = (change: Partial<ApplyOutcome>): ApplyOutcome => ({
  updated: [], alreadyThere: [], merged: [], waiting: [], skipped: [], notApplied: [], changedMeanwhile: [], snapshot: [], ...change,
});

describe('applySummary', () => {
  it('counts one updated file in the singular', () => {
    assert.equal(applySummary(outcome({ updated: ['a.ts'] })), '1 file updated, 0 merged, 0 skipped.');
    assert.equal(applySummary(outcome({ updated: ['a.ts'], changedMeanwhile: ['b.ts'] })), '1 file updated, 0 merged, 0 skipped, 1 not applied.');
  });

  it('counts several in the plural', () => {
    assert.equal(applySummary(outcome({ updated: ['a.ts', 'b.ts'], merged: ['c.ts'] })), '2 files updated, 1 merged, 0 skipped.');
    assert.equal(applySummary(outcome({ skipped: ['a.ts'] })), '0 files updated, 0 merged, 1 skipped.');
  });
});
