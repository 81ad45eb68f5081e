// What activation leaves to the host's next turn: not run inside the caller, run once after what already waits
// there, timed, and not run at all once disposed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afterActivation } from '../../../src/vscode/platform/afterActivation';

describe('afterActivation', () => {
  it('runs the work once, after the caller returned and after the callbacks already waiting, and times it', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('waiting before'));
    const work = afterActivation(() => {
      order.push('work');
      const until = performance.now() + 5;
      while (performance.now() < until); // a synchronous part that takes a while, as the first load's start does
    });
    order.push('caller returned');
    const ms = await work.started;
    assert.deepEqual(order, ['caller returned', 'waiting before', 'work']);
    assert.ok(ms >= 5, `the synchronous part is timed: ${ms} ms`);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(order.filter((step) => step === 'work').length, 1);
  });

  it('runs nothing once disposed before its turn', async () => {
    let ran = false;
    const work = afterActivation(() => (ran = true));
    work.dispose();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(ran, false);
  });
});
