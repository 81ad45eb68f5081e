import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Reachability } from '../../../src/core/connection/reachability';
import { FakeClock } from '../../support/fakeClock';

/** A server that is down until `up` is set; the probe's outcome is told back as the transport tells it. */
function setUp() {
  const clock = new FakeClock();
  const calls: string[] = [];
  const server = { up: false, probes: [] as number[] };
  const reach: Reachability = new Reachability(clock, {
    offline: () => calls.push('offline'),
    back: () => calls.push('back'),
    probe: async () => {
      server.probes.push(clock.now());
      if (server.up) reach.answered(); else reach.unreachable();
    },
  });
  return { clock, calls, server, reach };
}

describe('Reachability', () => {
  it('goes offline at the first request that cannot reach the server, and tells it once', () => {
    const { calls, reach } = setUp();
    reach.unreachable();
    reach.unreachable();
    assert.deepEqual(calls, ['offline']);
    assert.equal(reach.isOffline, true);
  });

  it('while the server answers: no probe, and an answer calls nothing back (no idle traffic)', async () => {
    const { clock, calls, server, reach } = setUp();
    reach.answered();
    reach.stateSet(false);
    await clock.advance(120_000);
    assert.deepEqual(calls, []);
    assert.deepEqual(server.probes, []);
    assert.equal(clock.pending, 0);
  });

  it('probes while offline, backing off to every 15 s, and is back at the first answer, once', async () => {
    const { clock, calls, server, reach } = setUp();
    reach.unreachable();
    await clock.advance(60_000);
    assert.deepEqual(server.probes, [2_000, 6_000, 14_000, 29_000, 44_000, 59_000]);
    server.up = true;
    await clock.advance(15_000);
    assert.deepEqual(calls, ['offline', 'back']);
    assert.equal(reach.isOffline, false);
    assert.equal(clock.pending, 0, 'no probe once the server answers');
  });

  it("is back as soon as any other request gets an answer, without waiting for the probe", async () => {
    const { clock, calls, server, reach } = setUp();
    reach.unreachable();
    await clock.advance(30_000);
    const probed = server.probes.length;
    reach.answered();
    reach.answered();
    assert.deepEqual(calls, ['offline', 'back']);
    await clock.advance(60_000);
    assert.equal(server.probes.length, probed);
  });

  it('probes when a load found the server offline, and stops when a load decided otherwise', async () => {
    const { clock, calls, server, reach } = setUp();
    reach.stateSet(true);
    await clock.advance(2_000);
    assert.deepEqual(server.probes, [2_000]);
    reach.stateSet(false);
    await clock.advance(60_000);
    assert.deepEqual(server.probes, [2_000]);
    assert.deepEqual(calls, [], 'a state set elsewhere is not told back');
  });

  it('sends nothing after dispose', async () => {
    const { clock, server, reach } = setUp();
    reach.unreachable();
    reach.dispose();
    reach.unreachable();
    await clock.advance(60_000);
    assert.deepEqual(server.probes, []);
  });
});
