// The follow-up a failed check becomes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failureMessage } from '../../../src/core/check/failureMessage';

describe('failureMessage', () => {
  it('says what ran, how it ended and the end of its output in a fence no line closes', () => {
    const text = failureMessage({
      commandLine: 'npm test', end: 'failed', exitCode: 1, ms: 12_400, onHead: false,
      output: '\x1b[31m✗ sum adds\x1b[0m\n```\nAssertionError: expected -1 to equal 2\ntoken=ghp_abcdefghijklmnopqrstuvwxyz0123\n',
    });
    assert.equal(text, [
      'I ran a check on your changes on my machine, in a copy of the repository with your changes applied, and it failed. Please fix what makes it fail.',
      'Command: npm test',
      'Result: failed with exit code 1, after 12 s.',
      'Its output:\n````\n✗ sum adds\n```\nAssertionError: expected -1 to equal 2\ntoken=***\n````',
    ].join('\n\n'));
  });

  it('says where the output was cut, where the base was not found, and when nothing was printed', () => {
    const long = failureMessage({ commandLine: 'make check', end: 'timed-out', exitCode: null, ms: 600_000, onHead: true, output: Array.from({ length: 300 }, (_, i) => `l${i}`).join('\n') });
    assert.match(long, /Result: stopped at the time limit, after 10 min 00 s\./);
    assert.match(long, /applied to my current commit/);
    assert.match(long, /The end of its output:\n```\nl100\n/);
    assert.match(failureMessage({ commandLine: 'false', end: 'failed', exitCode: 1, ms: 40, onHead: false, output: '' }), /It printed nothing\.$/);
  });

  it('lists the problems the task\'s matchers found as file:line: message, the first 50, secrets masked', () => {
    const problems = Array.from({ length: 52 }, (_, i) => ({ path: `src/a${i}.ts`, line: i + 1, message: i === 0 ? 'bad\n  token=sk-abcdefghijklmnopqrstuvwx' : `error ${i}` }));
    const text = failureMessage({ commandLine: 'tsc', end: 'failed', exitCode: 2, ms: 900, onHead: false, output: 'x', problems });
    assert.match(text, /Problems found:\n- src\/a0\.ts:1: bad token=\*\*\*\n- src\/a1\.ts:2: error 1\n/);
    assert.match(text, /- src\/a49\.ts:50: error 49\n- and 2 more\n/);
    assert.doesNotMatch(text, /a50\.ts/);
  });
});
