// The shared deadline timer: each deadline expires at its own time, an ended one never does, and an armed timer with
// nothing pending keeps no process alive.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { startDeadline } from '../../../src/api/http/deadlines';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deadlines', () => {
  it('each expires at its own time, the earlier one first, whatever the order they were started in; an ended one never', async () => {
    const expired: string[] = [];
    const started = Date.now();
    const at: Record<string, number> = {};
    const note = (name: string) => () => { expired.push(name); at[name] = Date.now() - started; };
    startDeadline(300, note('late'));
    startDeadline(100, note('early'));
    const end = startDeadline(200, note('ended'));
    end();
    await wait(500);
    assert.deepEqual(expired, ['early', 'late']);
    assert.ok(at.early! >= 100 && at.late! >= 300, JSON.stringify(at));
  });

  it('one started while an earlier one is pending expires on time too', async () => {
    const expired: string[] = [];
    const endFirst = startDeadline(10_000, () => expired.push('first'));
    startDeadline(50, () => expired.push('second'));
    await wait(200);
    endFirst();
    assert.deepEqual(expired, ['second']);
  });

  it('a pending deadline keeps its process alive until it expires; an ended one does not, though its timer is armed', async () => {
    const script = (end: boolean) => `const { startDeadline } = require(${JSON.stringify(require.resolve('../../../src/api/http/deadlines'))});
      const started = Date.now();
      const stop = startDeadline(${end ? 30_000 : 300}, () => console.log('expired after', Date.now() - started));
      ${end ? 'stop();' : ''}`;
    const run = (end: boolean) => new Promise<{ out: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      execFile(process.execPath, ['-e', script(end)], (error, out) => (error ? reject(error) : resolve({ out, ms: Date.now() - started })));
    });
    const pending = await run(false);
    assert.match(pending.out, /^expired after (\d+)/);
    assert.ok(Number(/(\d+)/.exec(pending.out)![1]) >= 300);
    const ended = await run(true);
    assert.equal(ended.out, '');
    assert.ok(ended.ms < 15_000, `the process lived ${ended.ms} ms`);
  });
});
