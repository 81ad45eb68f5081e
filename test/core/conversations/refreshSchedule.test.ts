// The refresh scheduler against a fake clock: what it polls when, how it backs off, and that it stops.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TIMING, RefreshScheduler, nextDelay, pollKind, type PollKind, type PollOutcome } from '../../../src/core/conversations/refreshSchedule';
import { FakeClock, settle } from '../../support/fakeClock';

interface Recorded { readonly at: number; readonly kind: PollKind; readonly signal: AbortSignal }

/** A scheduler whose polls answer `answer()` (changed nothing, nothing working, unless told). */
function setup(answer: () => PollOutcome | Promise<PollOutcome> = () => ({ changed: false, working: false })) {
  const clock = new FakeClock();
  const polls: Recorded[] = [];
  const scheduler = new RefreshScheduler(clock, async (kind, signal) => {
    polls.push({ at: clock.now(), kind, signal });
    return answer();
  });
  return { clock, polls, scheduler };
}

const gaps = (polls: readonly Recorded[]) => polls.slice(1).map((p, i) => p.at - polls[i]!.at);

describe('pollKind and nextDelay', () => {
  it('polls the list while visible, the started ones while hidden and working, else nothing', () => {
    assert.equal(pollKind(true, false), 'list');
    assert.equal(pollKind(true, true), 'list');
    assert.equal(pollKind(false, true), 'started');
    assert.equal(pollKind(false, false), undefined);
  });

  it('is faster while working, doubles when quiet up to the maximum, and backs off further on failures', () => {
    assert.equal(nextDelay(DEFAULT_TIMING, true, 0, 0), 2_000);
    assert.equal(nextDelay(DEFAULT_TIMING, false, 0, 0), 5_000);
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map((q) => nextDelay(DEFAULT_TIMING, false, q, 0)), [5_000, 5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    assert.deepEqual([0, 1, 2, 3, 4].map((q) => nextDelay(DEFAULT_TIMING, true, q, 0)), [2_000, 2_000, 4_000, 8_000, 8_000]);
    assert.deepEqual([1, 3, 10].map((f) => nextDelay(DEFAULT_TIMING, false, 0, f)), [10_000, 40_000, 120_000]);
  });
});

describe('RefreshScheduler', () => {
  it('sends nothing while the view is hidden and nothing started here works', async () => {
    const { clock, polls } = setup();
    await clock.advance(3_600_000);
    assert.equal(polls.length, 0);
    assert.equal(clock.pending, 0);
  });

  it('polls the list at once when the view shows, then backs off while nothing changes', async () => {
    const { clock, polls, scheduler } = setup();
    scheduler.setVisible(true);
    await clock.advance(200_000);
    assert.equal(polls[0]!.at, 0);
    assert.ok(polls.every((p) => p.kind === 'list'));
    assert.deepEqual(gaps(polls).slice(0, 6), [5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('goes back to the first interval after a change', async () => {
    let next = 0;
    const changes = [false, false, true, false];
    const { clock, polls, scheduler } = setup(() => ({ changed: changes[next++] ?? false, working: false }));
    scheduler.setVisible(true);
    await clock.advance(60_000);
    assert.deepEqual(gaps(polls).slice(0, 5), [5_000, 10_000, 5_000, 5_000, 10_000]);
  });

  it('stops polling when the view hides and nothing works, and starts again when it shows', async () => {
    const { clock, polls, scheduler } = setup();
    scheduler.setVisible(true);
    await clock.advance(1);
    scheduler.setVisible(false);
    await clock.advance(600_000);
    assert.equal(polls.length, 1);
    scheduler.setVisible(true);
    await clock.advance(1);
    assert.equal(polls.length, 2);
  });

  it('polls only the started ones, fast, while hidden and one of them works; nothing once it stopped', async () => {
    let working = true;
    const { clock, polls, scheduler } = setup(() => ({ changed: false, working }));
    scheduler.setWorking(true);
    await clock.advance(30_000);
    assert.ok(polls.every((p) => p.kind === 'started'));
    assert.deepEqual(gaps(polls).slice(0, 4), [2_000, 4_000, 8_000, 8_000]);
    working = false;
    await clock.advance(8_000);
    const count = polls.length;
    await clock.advance(600_000);
    assert.equal(polls.length, count, 'no request once nothing started here works and the view is hidden');
  });

  it('keeps at least the minimum gap between polls however often it is asked', async () => {
    const { clock, polls, scheduler } = setup();
    scheduler.setVisible(true);
    for (let i = 0; i < 50; i++) {
      scheduler.refreshSoon();
      scheduler.setVisible(i % 2 === 0);
      await clock.advance(100);
    }
    assert.ok(gaps(polls).every((gap) => gap >= DEFAULT_TIMING.minGapMs), `gaps ${gaps(polls).join(', ')}`);
  });

  it('never runs two polls at once', async () => {
    let release: (() => void) | undefined;
    let running = 0;
    let most = 0;
    const { clock, scheduler } = setup(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => { release = resolve; });
      running--;
      return { changed: true, working: true };
    });
    scheduler.setVisible(true);
    await clock.advance(1);
    scheduler.refreshSoon();
    scheduler.setWorking(true);
    await clock.advance(10_000);
    assert.equal(most, 1);
    release?.();
    await clock.advance(10_000);
    assert.equal(most, 1);
  });

  it('backs off on failures and honors a Retry-After', async () => {
    const { clock, polls, scheduler } = setup(() => ({ changed: false, working: false, failed: true, retryAfterMs: 30_000 }));
    scheduler.setVisible(true);
    await clock.advance(100_000);
    assert.ok(gaps(polls).every((gap) => gap >= 30_000), `gaps ${gaps(polls).join(', ')}`);
    const thrown = setup(() => { throw new Error('down'); });
    thrown.scheduler.setVisible(true);
    await thrown.clock.advance(100_000);
    assert.deepEqual(gaps(thrown.polls).slice(0, 3), [10_000, 20_000, 40_000]);
  });

  it('aborts the poll in flight on restart and polls the new server soon', async () => {
    let hold = true;
    const { clock, polls, scheduler } = setup(async () => {
      while (hold) await new Promise<void>((resolve) => clock.setTimeout(resolve, 100));
      return { changed: false, working: false };
    });
    scheduler.setVisible(true);
    await clock.advance(1);
    assert.equal(polls.length, 1);
    scheduler.restart();
    assert.equal(polls[0]!.signal.aborted, true);
    hold = false;
    await clock.advance(DEFAULT_TIMING.minGapMs);
    assert.equal(polls.length, 2);
    assert.equal(polls[1]!.signal.aborted, false);
  });

  it('stops on dispose: the poll in flight aborted, no timer left, no poll after', async () => {
    const { clock, polls, scheduler } = setup(() => new Promise(() => undefined));
    scheduler.setVisible(true);
    await clock.advance(1);
    scheduler.dispose();
    assert.equal(polls[0]!.signal.aborted, true);
    scheduler.setVisible(false);
    scheduler.setVisible(true);
    scheduler.refreshSoon();
    await settle();
    assert.equal(clock.pending, 0);
    await clock.advance(600_000);
    assert.equal(polls.length, 1);
  });
});
