// Telling a row's single click (the transcript opens without the focus) from a double click (it takes the focus),
// issue 42, item 8.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DOUBLE_CLICK_MS, RowClicks } from '../../../src/core/conversations/rowClicks';
import { FakeClock } from '../../support/fakeClock';

describe('RowClicks', () => {
  it('takes the same row again within the double-click time as a double click, and a third click as a new first', async () => {
    const clock = new FakeClock();
    const clicks = new RowClicks(clock);
    assert.equal(clicks.isDouble('a'), false);
    await clock.advance(DOUBLE_CLICK_MS - 100);
    assert.equal(clicks.isDouble('a'), true);
    assert.equal(clicks.isDouble('a'), false);
  });

  it('takes a slow second click, or a click on another row, as a single click', async () => {
    const clock = new FakeClock();
    const clicks = new RowClicks(clock);
    clicks.isDouble('a');
    await clock.advance(DOUBLE_CLICK_MS + 1);
    assert.equal(clicks.isDouble('a'), false);
    assert.equal(clicks.isDouble('b'), false);
  });
});
