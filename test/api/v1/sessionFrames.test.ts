// The session socket's frames read into the event model: stored events once each by seq, a message being written
// growing from its deltas, ended by the event with its id or by an abort, a gap leaving it as it was, a retry
// (higher attempt) starting it over. Frames as a real 1.58.2 sent them (openhands-agent-server.md §6).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationEvent, PartialMessage } from '../../../src/api/model/events';
import { SessionFrameReader } from '../../../src/api/v1/sessionFrames';

const event = (id: string, text: string) => ({ id, timestamp: '2026-12-02T05:43:39.764815', source: 'agent', kind: 'MessageEvent', llm_message: { role: 'assistant', content: [{ type: 'text', text }] } });
const durable = (seq: number, id = `e${seq}`, text = `event ${seq}`) => ({ type: 'durable', seq, event: event(id, text) });
const delta = (order: number, content: string, more: object = {}) => ({ type: 'delta', item_id: 'item', attempt: 1, order, kind: 'text', content, ...more });

function reader(cursor: number | undefined) {
  const events: ConversationEvent[] = [];
  const partials: (PartialMessage | string)[] = [];
  let caughtUp = 0;
  const frames = new SessionFrameReader({
    onEvent: (e) => events.push(e), onClose: () => undefined,
    onPartial: (p) => partials.push(p), onPartialEnd: (id) => partials.push(`end ${id}`),
  }, () => { caughtUp++; }, cursor);
  return { frames, events, partials, caughtUps: () => caughtUp };
}

describe('the session socket\'s frames', () => {
  it('a replay that overlaps what was read adds each stored event once, in seq order, and keeps the last seq', () => {
    const r = reader(-1);
    r.frames.read({ type: 'sync', from_seq: -1, through_seq: 2 });
    for (const seq of [0, 1, 2]) r.frames.read(durable(seq));
    // A resume from seq 1 (the server resends 2 as well, e.g. a reconnect that raced a frame in flight).
    r.frames.read({ type: 'sync', from_seq: 1, through_seq: 3 });
    for (const seq of [2, 3]) r.frames.read(durable(seq));
    assert.deepEqual(r.events.map((e) => e.id), ['e0', 'e1', 'e2', 'e3']);
    assert.equal(r.frames.cursor, 3);
    assert.equal(r.caughtUps(), 0, 'a replay needs no catch-up by REST');
  });

  it('stored events out of seq order: each once; the resume point stays before the gap until it is filled', () => {
    const r = reader(-1);
    r.frames.read({ type: 'sync', from_seq: -1, through_seq: 0 });
    for (const seq of [0, 2, 3]) r.frames.read(durable(seq));
    assert.equal(r.frames.cursor, 0, 'seq 1 is not read yet: a resume must ask from 0');
    for (const seq of [1, 2, 3]) r.frames.read(durable(seq)); // 1 late, then a resume's replay of 2 and 3
    assert.deepEqual([r.events.map((e) => e.id), r.frames.cursor], [['e0', 'e2', 'e3', 'e1'], 3]);
  });

  it('a live-only connection: the sync gives the resume point and asks for the catch-up', () => {
    const r = reader(undefined);
    r.frames.read({ type: 'sync', through_seq: 7 });
    assert.equal(r.frames.cursor, 7);
    assert.equal(r.caughtUps(), 1);
    r.frames.read(durable(8));
    assert.equal(r.frames.cursor, 8);
  });

  it('a message being written grows delta by delta, and the stored event with its id ends it', () => {
    const r = reader(-1);
    r.frames.read({ type: 'item_started', item_id: 'item', attempt: 1, anchor_seq: 3 });
    r.frames.read(delta(0, 'I '));
    r.frames.read({ ...delta(1, 'think. '), kind: 'reasoning' });
    r.frames.read(delta(2, 'will'));
    assert.deepEqual(r.partials, [
      { id: 'item', text: 'I ', thinking: '' }, { id: 'item', text: 'I ', thinking: 'think. ' }, { id: 'item', text: 'I will', thinking: 'think. ' },
    ]);
    r.frames.read(durable(4, 'item', 'I will'));
    r.frames.read(delta(3, ' late'));
    r.frames.dropped();
    assert.equal(r.partials.length, 3, 'ended by its event: no more words, no end to report');
    assert.deepEqual(r.events.map((e) => e.id), ['item']);
  });

  it('a gap in the order leaves the words as they were; an abort or a drop ends the message', () => {
    const r = reader(-1);
    r.frames.read({ type: 'item_started', item_id: 'item' });
    r.frames.read(delta(0, 'a'));
    r.frames.read(delta(2, 'c'));
    r.frames.read(delta(3, 'd'));
    r.frames.read({ type: 'item_aborted', item_id: 'item', reason: 'cancelled' });
    r.frames.read({ type: 'item_started', item_id: 'other' });
    r.frames.read({ ...delta(0, 'x'), item_id: 'other' });
    r.frames.dropped();
    assert.deepEqual(r.partials, [{ id: 'item', text: 'a', thinking: '' }, 'end item', { id: 'other', text: 'x', thinking: '' }, 'end other']);
  });

  it('a retry (a higher attempt) starts the message over; the lower attempt\'s deltas are ignored', () => {
    const r = reader(-1);
    r.frames.read({ type: 'item_started', item_id: 'item', attempt: 1 });
    r.frames.read(delta(0, 'first '));
    r.frames.read({ type: 'item_started', item_id: 'item', attempt: 2 });
    r.frames.read(delta(1, 'stale'));
    r.frames.read(delta(0, 'second', { attempt: 2 }));
    assert.deepEqual(r.partials.map((p) => typeof p === 'string' ? p : p.text), ['first ', 'second']);
  });

  it('a frame of another type, an error frame or a malformed one changes nothing', () => {
    const r = reader(-1);
    for (const frame of [null, 'x', { type: 'error', code: 'E', detail: 'd' }, { type: 'future_kind' }, { type: 'durable', seq: 'x' }, { type: 'delta', item_id: 'none', order: 0, content: 'c' }]) r.frames.read(frame);
    assert.deepEqual([r.events.length, r.partials.length, r.frames.cursor], [0, 0, -1]);
  });
});
