import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { REASK_DELAYS_MS, UnaskedRows } from '../../../src/core/platform/unaskedRows';
import { FakeClock } from '../../support/fakeClock';

function watch(refreshable = () => true) {
  const clock = new FakeClock();
  const refreshed: string[][] = [];
  const whole: number[] = [];
  const rows = new UnaskedRows(clock, (ids) => {
    refreshed.push([...ids]);
    return refreshable();
  }, () => whole.push(clock.now()));
  return { clock, refreshed, whole, rows };
}

describe('UnaskedRows', () => {
  it('refreshes the open groups once the top level is answered, and stops once their rows were asked for', async () => {
    const { clock, refreshed, rows } = watch();
    rows.topLevelGiven(['group:llm', 'group:agent']);
    await clock.advance(0);
    assert.deepEqual(refreshed, [['group:llm', 'group:agent']]);
    rows.rowsAsked('group:llm');
    rows.rowsAsked('group:agent');
    await clock.advance(10_000);
    assert.equal(refreshed.length, 1);
    assert.equal(clock.pending, 0);
  });

  it('refreshes a group again at growing intervals while its rows are not asked for (VS Code answered them with nothing)', async () => {
    const { clock, refreshed, rows } = watch();
    rows.topLevelGiven(['group:llm', 'group:agent']);
    await clock.advance(0);
    rows.rowsAsked('group:agent');
    await clock.advance(REASK_DELAYS_MS[1]);
    assert.deepEqual(refreshed, [['group:llm', 'group:agent'], ['group:llm']]);
    await clock.advance(REASK_DELAYS_MS[2] - 1);
    assert.equal(refreshed.length, 2, 'not before the next interval');
    await clock.advance(1);
    assert.equal(refreshed.length, 3);
    rows.rowsAsked('group:llm');
    await clock.advance(60_000);
    assert.equal(refreshed.length, 3);
  });

  it('refreshes the whole tree once, an interval after the last, when the rows are never asked for (VS Code forgot the groups)', async () => {
    const { clock, refreshed, whole, rows } = watch();
    rows.topLevelGiven(['group:llm']);
    await clock.advance(60_000);
    assert.equal(refreshed.length, REASK_DELAYS_MS.length);
    const lastRefresh = REASK_DELAYS_MS.reduce((sum: number, ms) => sum + ms, 0);
    assert.deepEqual(whole, [lastRefresh + REASK_DELAYS_MS.at(-1)!]);
    assert.equal(clock.pending, 0);
    // The whole refresh brings a new top level whose rows are again not asked for: no second one, no loop.
    rows.topLevelGiven(['group:llm']);
    await clock.advance(60_000);
    assert.equal(whole.length, 1);
    // Once the rows were asked for, a later failure gets its own last resort.
    rows.rowsAsked('group:llm');
    rows.topLevelGiven(['group:llm']);
    await clock.advance(60_000);
    assert.equal(whole.length, 2);
  });

  it('takes no last resort when the rows were asked for, or the person closed the group, after the last interval', async () => {
    const { clock, whole, rows } = watch();
    rows.topLevelGiven(['group:llm', 'group:agent']);
    await clock.advance(REASK_DELAYS_MS.reduce((sum: number, ms) => sum + ms, 0));
    rows.rowsAsked('group:llm');
    rows.rowsAsked('group:agent');
    await clock.advance(60_000);
    assert.deepEqual(whole, []);
  });

  it('stops when the groups cannot be refreshed (a whole refresh is on its way), and starts over with the next top level', async () => {
    let refreshable = false;
    const { clock, refreshed, rows } = watch(() => refreshable);
    rows.topLevelGiven(['group:llm']);
    await clock.advance(60_000);
    assert.equal(refreshed.length, 1);
    refreshable = true;
    rows.topLevelGiven(['group:llm']);
    await clock.advance(0);
    assert.equal(refreshed.length, 2);
  });

  it('refreshes nothing when no group is open, and nothing after dispose', async () => {
    const { clock, refreshed, rows } = watch();
    rows.topLevelGiven([]);
    await clock.advance(60_000);
    rows.topLevelGiven(['group:llm']);
    rows.dispose();
    await clock.advance(60_000);
    assert.deepEqual(refreshed, []);
  });
});
