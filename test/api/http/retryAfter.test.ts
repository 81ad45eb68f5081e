import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRetryAfter } from '../../../src/api/http/retryAfter';

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    assert.equal(parseRetryAfter('1'), 1);
    assert.equal(parseRetryAfter(' 120 '), 120);
  });

  it('reads an HTTP date as the seconds left until it, never below zero', () => {
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 0), 10);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 9_500), 1);
    assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 60_000), 0);
  });

  it('has no answer for a missing or unreadable header', () => {
    assert.equal(parseRetryAfter(null), undefined);
    assert.equal(parseRetryAfter(''), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
  });
});
