// A whole refresh VS Code has not answered yet: no second one meanwhile, and one more (only one) when VS Code does
// not ask for the top level in time while the view shows.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { PendingWhole, TOP_LEVEL_WAIT_MS } from '../../../src/core/platform/pendingWhole';
import { FakeClock } from '../../support/fakeClock';

function whole(shows = () => true) {
  const clock = new FakeClock();
  const sent: number[] = [];
  return { clock, sent, pending: new PendingWhole(clock, () => sent.push(clock.now()), shows) };
}

describe('PendingWhole', () => {
  it('is pending from the refresh until VS Code asks for the top level, and sends nothing more when it asks in time', async () => {
    const { clock, sent, pending } = whole();
    assert.equal(pending.pending, false);
    pending.refresh();
    assert.equal(pending.pending, true);
    await clock.advance(TOP_LEVEL_WAIT_MS - 1);
    pending.topLevelAsked();
    assert.equal(pending.pending, false);
    await clock.advance(60_000);
    assert.deepEqual(sent, [0]);
  });

  it('sends the refresh once more when the view shows and VS Code did not ask in time; only once', async () => {
    const { clock, sent, pending } = whole();
    pending.refresh();
    await clock.advance(60_000);
    assert.deepEqual(sent, [0, TOP_LEVEL_WAIT_MS]);
    assert.equal(pending.pending, true);
  });

  it('waits without a word while the view is hidden: VS Code asks for the top level when it shows it', async () => {
    const { clock, sent, pending } = whole(() => false);
    pending.refresh();
    await clock.advance(60_000);
    assert.deepEqual(sent, [0]);
  });

  it('sends nothing after dispose', async () => {
    const { clock, sent, pending } = whole();
    pending.refresh();
    pending.dispose();
    await clock.advance(60_000);
    assert.deepEqual(sent, [0]);
  });
});
