import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRelease, KNOWN_RELEASES, PINNED_RELEASE, planUpdate, releaseToStart } from '../../../src/core/localServer/releases';

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

describe('the release a start runs', () => {
  const known = ['1.61.0', '1.58.2', '1.50.1'];

  it('runs the pin, or a newer proven release Update moved to', () => {
    assert.equal(releaseToStart(undefined, known, '1.58.2'), '1.58.2');
    assert.equal(releaseToStart('1.61.0', known, '1.58.2'), '1.61.0');
  });

  it('moves a server older than the pin to the pin (an extension release moved it), and an unknown one too', () => {
    assert.equal(releaseToStart('1.50.1', known, '1.58.2'), '1.58.2');
    assert.equal(releaseToStart('1.70.0', known, '1.58.2'), '1.58.2');
  });

  it('runs this extension\'s pin today', () => {
    assert.equal(releaseToStart('1.58.2'), PINNED_RELEASE);
  });
});

describe('Update the Local Agent Server', () => {
  const known = ['1.61.0', '1.58.2', '1.50.1'];

  it('moves an older proven release to the newest', () => {
    assert.deepEqual(planUpdate('1.58.2', known, '1.58.2'), { kind: 'move', from: '1.58.2', to: '1.61.0' });
    assert.deepEqual(planUpdate('1.50.1', known, '1.58.2'), { kind: 'move', from: '1.50.1', to: '1.61.0' });
  });

  it('does nothing on the newest', () => {
    assert.deepEqual(planUpdate('1.61.0', known, '1.58.2'), { kind: 'newest', release: '1.61.0' });
    assert.deepEqual(planUpdate(PINNED_RELEASE), { kind: 'newest', release: KNOWN_RELEASES[0] });
  });

  it('refuses a release it does not know, newer or older, with the reason', () => {
    for (const release of ['1.70.0', '1.49.1']) {
      const plan = planUpdate(release, known, '1.58.2');
      assert.equal(plan.kind, 'refused', release);
      if (plan.kind !== 'refused') continue;
      assert.equal(plan.release, release);
      assert.match(plan.reason, new RegExp(`not been proven against openhands-agent-server ${release.replace(/\./g, '\\.')}: it runs 1\\.61\\.0, 1\\.58\\.2, 1\\.50\\.1`));
    }
  });

  it('has nothing to update where no server was started', () => {
    assert.deepEqual(planUpdate(undefined, known, '1.58.2'), { kind: 'none', release: '1.58.2' });
  });
});
