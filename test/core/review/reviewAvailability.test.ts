import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { LoadedChanges } from '../../../src/core/changes/changeLoader';
import { reviewUnavailable } from '../../../src/core/review/reviewAvailability';

const changes = (patch: boolean): LoadedChanges => ({
  conversationId: 'c1',
  base: { ref: 'HEAD', commit: null, reason: 'server-default' },
  files: [{ path: 'a.txt', status: 'modified' }],
  refused: [],
  malformed: [],
  ...(patch ? { patch: { bytes: new Uint8Array(), files: new Map(), agent: {} } } : {}),
} as unknown as LoadedChanges);

describe('reviewUnavailable', () => {
  it('offers the review where the exact patch is read and the server takes follow-ups', () => {
    assert.equal(reviewUnavailable(changes(true), true), undefined);
  });

  it('says the server takes no follow-up messages', () => {
    assert.match(reviewUnavailable(changes(true), false) ?? '', /takes no follow-up messages/);
  });

  it('says the exact patch from the agent server is needed', () => {
    assert.match(reviewUnavailable(changes(false), true) ?? '', /need the exact patch from the conversation's agent server/);
  });
});
