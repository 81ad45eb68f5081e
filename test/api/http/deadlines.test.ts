import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Deadlines } from '../../../src/api/http/deadlines';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('Deadlines', () => {
  it('expires each at its own time, earliest first, and never one taken out', async () => {
    const deadlines = new Deadlines();
    const expired: string[] = [];
    deadlines.add(120, () => expired.push('120'));
    const forget = deadlines.add(60, () => expired.push('60, taken out'));
    deadlines.add(30, () => expired.push('30'));
    forget();
    await wait(80);
    assert.deepEqual(expired, ['30']);
    await wait(100);
    assert.deepEqual(expired, ['30', '120']);
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
