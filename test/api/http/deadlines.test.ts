import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadlines } from '../../../src/api/http/deadlines';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('Deadlines', () => {
  it('expires each at or after its own time, earliest first, and never one taken out', async () => {
    const deadlines = new Deadlines();
    const expired: [name: string, lateBy: number][] = [];
    const start = performance.now();
    const at = (name: string, ms: number) => () => expired.push([name, performance.now() - start - ms]);
    let last!: () => void;
    const lastExpired = new Promise<void>((resolve) => { last = resolve; });
    deadlines.add(120, () => { at('120', 120)(); last(); });
    const forget = deadlines.add(60, at('60, taken out', 60));
    deadlines.add(30, at('30', 30));
    forget();
    await lastExpired;
    assert.deepEqual(expired.map(([name]) => name), ['30', '120']);
    for (const [name, lateBy] of expired) assert.ok(lateBy >= 0, `${name} expired ${-lateBy} ms early`);
  });

  it('keeps the process alive only while one is pending', async () => {
    const before = timers();
    const deadlines = new Deadlines();
    const forget = deadlines.add(10_000, () => undefined);
    assert.equal(timers(), before + 1);
    forget();
    assert.equal(timers(), before);
    const again = deadlines.add(10_000, () => undefined);
    assert.equal(timers(), before + 1);
    again();
  });
});
