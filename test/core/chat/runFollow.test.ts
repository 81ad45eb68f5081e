import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationState } from '../../../src/api/model/conversations';
import type { ConversationEvent } from '../../../src/api/model/events';
import { followRun, pauseOf, type RunSource } from '../../../src/core/chat/runFollow';
import { FakeClock } from '../../support/fakeClock';

function message(id: string, text = `said ${id}`): ConversationEvent {
  return { kind: 'message', id, timestamp: '2026-01-01T00:00:00', origin: 'agent', text, imageCount: 0 };
}

/** A source that answers poll by poll: the events each poll returns (repeating the last one held) and the state. */
function scripted(polls: ReadonlyArray<{ events: ConversationEvent[]; state: ConversationState }>, asked: Array<string | undefined> = []): RunSource {
  let poll = 0;
  return {
    events: async (newest) => { asked.push(newest?.id); return polls[Math.min(poll, polls.length - 1)]!.events; },
    state: async () => polls[Math.min(poll++, polls.length - 1)]!.state,
  };
}

const noPause = async () => undefined;

describe('followRun', () => {
  it('passes each event once, in order, asking from the newest held, until the agent stops working', async () => {
    const asked: Array<string | undefined> = [];
    const shown: string[] = [];
    const end = await followRun(scripted([
      { events: [message('1')], state: 'starting' },
      { events: [message('1'), message('2')], state: 'running' },
      { events: [message('2'), message('3')], state: 'finished' },
    ], asked), (e) => shown.push(e.id), { signal: new AbortController().signal, pause: noPause, settlePolls: 5 });
    assert.deepEqual(shown, ['1', '2', '3']);
    assert.deepEqual(asked, [undefined, '1', '2']);
    assert.equal(end.kind, 'ended');
    assert.equal(end.kind === 'ended' && end.state, 'finished');
  });

  it('does not end on the state from before the run (a follow-up to a finished conversation) until it settles', async () => {
    let polls = 0;
    const source: RunSource = { events: async () => [], state: async () => { polls++; return 'finished'; } };
    const end = await followRun(source, () => undefined, { signal: new AbortController().signal, pause: noPause, settlePolls: 3 });
    assert.equal(end.kind, 'ended');
    assert.equal(polls, 3);
  });

  it('ends at once on a stopped state after the agent was seen working', async () => {
    const states: ConversationState[] = ['finished', 'running', 'waiting'];
    let polls = 0;
    const source: RunSource = { events: async () => [], state: async () => states[polls++]! };
    const end = await followRun(source, () => undefined, { signal: new AbortController().signal, pause: noPause, settlePolls: 10 });
    assert.deepEqual(end.kind === 'ended' && [end.state, polls], ['waiting', 3]);
  });

  it('stops following when cancelled, with what it saw, without asking the server again', async () => {
    const controller = new AbortController();
    let polls = 0;
    const source: RunSource = { events: async () => [message(String(++polls))], state: async () => 'running' };
    const end = await followRun(source, () => { if (polls === 2) controller.abort(); }, { signal: controller.signal, pause: noPause, settlePolls: 1 });
    assert.equal(end.kind, 'cancelled');
    assert.deepEqual(end.events.map((e) => e.id), ['1', '2']);
    assert.equal(polls, 2);
  });

  it('reports a failure of the server as lost, keeping the events it had', async () => {
    let polls = 0;
    const source: RunSource = {
      events: async () => { if (++polls === 2) throw new Error('server gone'); return [message('1')]; },
      state: async () => 'running',
    };
    const end = await followRun(source, () => undefined, { signal: new AbortController().signal, pause: noPause, settlePolls: 1 });
    assert.equal(end.kind, 'lost');
    assert.equal(end.kind === 'lost' && (end.error as Error).message, 'server gone');
    assert.deepEqual(end.events.map((e) => e.id), ['1']);
  });
});

describe('pauseOf', () => {
  it('waits its time on the clock, and ends early when the signal aborts', async () => {
    const clock = new FakeClock();
    let done = false;
    void pauseOf(2000, clock)(new AbortController().signal).then(() => (done = true));
    await clock.advance(1999);
    assert.equal(done, false);
    await clock.advance(1);
    assert.equal(done, true);
    const controller = new AbortController();
    let early = false;
    void pauseOf(2000, clock)(controller.signal).then(() => (early = true));
    controller.abort();
    await clock.advance(0);
    assert.equal(early, true);
    assert.equal(clock.pending, 0);
  });
});

describe('followRun after a follow-up', () => {
  it('passes on and keeps only the events after those known from before, asking from the newest known', async () => {
    const asked: Array<string | undefined> = [];
    const shown: string[] = [];
    const end = await followRun(scripted([
      { events: [message('1'), message('2'), message('3')], state: 'running' },
      { events: [message('3'), message('4')], state: 'finished' },
    ], asked), (e) => shown.push(e.id), { signal: new AbortController().signal, pause: noPause, settlePolls: 5, known: [message('1'), message('2')] });
    assert.deepEqual(shown, ['3', '4']);
    assert.deepEqual(end.events.map((e) => e.id), ['3', '4']);
    assert.deepEqual(asked, ['2', '3']);
  });
});
