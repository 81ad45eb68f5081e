// What a check leaves on its conversation's row: the words of its end, the command and the time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { endText, markSentence, markWord, seconds, type CheckMark } from '../../../src/core/check/checkMark';

const mark = (extra: Partial<CheckMark> = {}): CheckMark => ({ commandLine: 'npm test', end: 'passed', exitCode: 0, ms: 2_140, patchHash: 'h', sent: false, ...extra });

describe('checkMark', () => {
  it('words each end and time', () => {
    assert.deepEqual([endText('failed', null), endText('passed', 0), endText('cancelled', null), endText('not-started', null)],
      ['failed (ended by a signal)', 'passed', 'cancelled', 'could not start']);
    assert.deepEqual([seconds(430), seconds(9_960), seconds(59_600), seconds(185_000)], ['0.4 s', '10.0 s', '1 min 00 s', '3 min 05 s']);
  });

  it('puts passed, or failed with the exit code, on the row; the command, the time and a sent failure in its tooltip', () => {
    assert.equal(markWord(mark()), 'check passed');
    assert.equal(markWord(mark({ end: 'failed', exitCode: 1 })), 'check failed (exit 1)');
    assert.equal(markWord(mark({ end: 'timed-out', exitCode: null })), 'check stopped at the time limit');
    assert.equal(markSentence(mark()), 'Last check: npm test passed after 2.1 s.');
    assert.equal(markSentence(mark({ end: 'failed', exitCode: 2, ms: 12_400, sent: true })),
      'Last check: npm test failed with exit code 2 after 12 s. Its failure was sent to the agent.');
  });
});
