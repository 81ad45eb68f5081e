import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRelease, KNOWN_RELEASES, PINNED_RELEASE } from '../../../src/core/localServer/releases';

describe('the local agent server release rule', () => {
  it('pins a release it knows', () => {
    assert.ok(KNOWN_RELEASES.includes(PINNED_RELEASE));
    assert.deepEqual(checkRelease(' 1.58.2 '), { ok: true, release: '1.58.2' });
  });

  it('refuses a release it does not know, saying which it knows', () => {
    const check = checkRelease('1.60.0');
    assert.equal(check.ok, false);
    if (check.ok) return;
    assert.match(check.reason, /not been proven against openhands-agent-server 1\.60\.0/);
    assert.match(check.reason, /1\.58\.2/);
    assert.equal(checkRelease('').ok, false);
  });
});
