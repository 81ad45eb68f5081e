// The live follow against fake sources and a fake clock: what it reads when, from where, and that it stops.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentReach, AgentServerApi } from '../../../src/api/client';
import type { ConversationState } from '../../../src/api/model/conversations';
import type { ConversationEvent } from '../../../src/api/model/events';
import { TranscriptFollower } from '../../../src/core/transcript/follow';
import { DEFAULT_FOLLOW_TIMING, type FollowUpdate } from '../../../src/core/transcript/followTypes';
import { FakeClock, settle } from '../../support/fakeClock';
import { FakeReader, StreamingReader } from './fakeReader';
import { timeOf } from './sampleEvents';

function message(index: number): ConversationEvent {
  return { id: `m${index}`, timestamp: timeOf(index), origin: 'agent', kind: 'message', text: `message ${index}`, imageCount: 0 };
}

function state(index: number, value: ConversationState): ConversationEvent {
  return { id: `s${index}`, timestamp: timeOf(index), origin: 'server', kind: 'state', state: value, serverStatus: value };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const ids = (events: readonly ConversationEvent[]) => events.map((e) => e.id);
const gaps = (times: readonly number[]) => times.slice(1).map((t, i) => t - times[i]!);

interface Setup {
  readonly clock?: FakeClock;
  readonly app?: FakeReader;
  readonly agent?: FakeReader;
  /** What the agent server's reach says (default: reachable where there is an agent reader). */
  reach?: () => AgentReach;
}

function setup(options: Setup) {
  const clock = options.clock ?? new FakeClock();
  const updates: FollowUpdate[] = [];
  let reachCalls = 0;
  const agentApi = options.agent && ({ events: options.agent } as unknown as AgentServerApi);
  const reach = options.reach ?? (() => (agentApi ? { reachable: true, agent: agentApi } as const : { reachable: false, reason: 'no-url' } as const));
  const follower = new TranscriptFollower({
    appServer: options.app,
    agentReach: options.agent || options.reach ? async () => { reachCalls++; return reach(); } : undefined,
  }, clock, (update) => updates.push(update));
  return { clock, updates, follower, reachCalls: () => reachCalls, setReach: (next: () => AgentReach) => { options.reach = next; } };
}

/** A visible follow of an agent server with a stream, the app server beside it, both empty. */
async function streamingFollow() {
  const clock = new FakeClock();
  const agent = new StreamingReader('agent-server', clock);
  const app = new FakeReader('app-server', clock);
  const { follower } = setup({ clock, app, agent });
  follower.setVisible(true);
  await clock.advance(0);
  return { clock, agent, app, follower };
}

describe('TranscriptFollower: visibility', () => {
  it('reads nothing before the tab is visible', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    setup({ clock, app });
    await clock.advance(600_000);
    assert.equal(app.calls.length, 0);
    assert.equal(clock.pending, 0);
  });

  it('stops every request, timer and stream when hidden, and catches up when visible again', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.held = range(1, 5);
    const app = new FakeReader('app-server', clock);
    const { follower } = setup({ clock, app, agent });
    follower.setVisible(true);
    await clock.advance(5_000);
    assert.equal(agent.open.length, 1);
    follower.setVisible(false);
    const callsWhenHidden = agent.calls.length + app.calls.length;
    await clock.advance(600_000);
    assert.equal(agent.calls.length + app.calls.length, callsWhenHidden);
    assert.equal(agent.open.length, 0);
    assert.equal(clock.pending, 0);
    assert.equal(follower.status.mode, 'hidden');
    agent.held.push(...range(6, 7));
    follower.setVisible(true);
    await clock.advance(0);
    assert.deepEqual(agent.calls.slice(callsWhenHidden).map((c) => c.method), ['since', 'stream']);
    assert.deepEqual(ids(follower.events), ids(range(1, 7)));
  });

  it('sends nothing more once disposed', async () => {
    const { clock, agent, app, follower } = await streamingFollow();
    const calls = agent.calls.length + app.calls.length;
    follower.dispose();
    follower.setVisible(true);
    follower.refreshSoon();
    await clock.advance(600_000);
    assert.equal(agent.calls.length + app.calls.length, calls);
    assert.deepEqual([agent.open.length, clock.pending], [0, 0]);
  });

  it('aborts a request in flight when hidden', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.hang = true;
    const { follower } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(0);
    assert.equal(app.signals.length, 1);
    follower.setVisible(false);
    await settle();
    assert.equal(app.signals[0]!.aborted, true);
  });
});

describe('TranscriptFollower: reading', () => {
  it('shows the newest page first and pages backwards on demand', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = range(1, 5_000);
    const { follower, updates } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(0);
    assert.deepEqual(app.calls.map((c) => c.method), ['latest']);
    assert.deepEqual(ids(updates[0]!.events), ids(range(4_901, 5_000)));
    assert.equal(follower.status.hasOlder, true);
    await follower.loadOlder();
    assert.deepEqual(app.calls.map((c) => c.method), ['latest', 'older']);
    assert.deepEqual(ids(follower.events), ids(range(4_801, 5_000)));
    assert.deepEqual(ids(updates[updates.length - 1]!.events.slice(0, 2)), ['m4801', 'm4802']);
  });

  it('merges overlapping reads without repeats and in time order, a late batch included', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = range(1, 40);
    const { follower, updates } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(0);
    // A batch that reached the app server late, with times before the newest held (within the reader's window).
    const late = { ...message(30), id: 'late30' };
    app.held.splice(30, 0, late);
    app.held.push(...range(41, 45));
    await clock.advance(2_000);
    assert.equal(app.calls.at(-1)!.from, 'm40', 'read from the newest held: the reader reads again before it');
    assert.deepEqual(ids(follower.events), ids([...range(1, 30), late, ...range(31, 45)]));
    assert.equal(new Set(ids(follower.events)).size, follower.events.length);
    assert.deepEqual(ids(updates.at(-1)!.changed), ['late30', 'm41', 'm42', 'm43', 'm44', 'm45']);
  });

  it('polls the app server at 2 s growing to 10 s while nothing comes, back to 2 s when something does', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = range(1, 3);
    const { follower } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(36_000);
    app.held.push(message(4));
    await clock.advance(20_000);
    const times = app.calls.map((c) => c.at);
    assert.deepEqual(gaps(times), [2_000, 3_000, 4_500, 6_750, 10_000, 10_000, 2_000, 3_000, 4_500, 6_750]);
    assert.equal(follower.status.source, 'app-server');
    assert.equal(follower.status.mode, 'polling');
  });

  it('follows the agent server by its stream where it has one: no polling, events at once', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.held = range(1, 3);
    const app = new FakeReader('app-server', clock);
    const { follower, updates } = setup({ clock, app, agent });
    follower.setVisible(true);
    await clock.advance(0);
    assert.equal(agent.open[0]!.from, 'm3');
    agent.push(message(4));
    assert.deepEqual(ids(updates.at(-1)!.changed), ['m4']);
    await clock.advance(60_000);
    assert.deepEqual(agent.calls.map((c) => c.method), ['latest', 'stream']);
    assert.equal(app.calls.length, 0);
    assert.deepEqual([follower.status.source, follower.status.mode], ['agent-server', 'stream']);
  });

  it('polls the agent server\'s REST every second where it has no stream', async () => {
    const clock = new FakeClock();
    const agent = new FakeReader('agent-server', clock);
    agent.held = range(1, 3);
    const { follower } = setup({ clock, app: new FakeReader('app-server', clock), agent });
    follower.setVisible(true);
    await clock.advance(5_000);
    assert.deepEqual(gaps(agent.calls.map((c) => c.at)), [1_000, 1_000, 1_000, 1_000, 1_000]);
    assert.equal(agent.calls.at(-1)!.from, 'm3', 'the agent server has no lag: read from the newest');
  });

  it('says when no source has the events', async () => {
    const { clock, follower } = setup({});
    follower.setVisible(true);
    await clock.advance(0);
    assert.equal(follower.status.mode, 'unavailable');
    assert.equal(clock.pending, 0);
  });
});

describe('TranscriptFollower: falling back', () => {
  it('follows the app server where the agent server is not reachable, saying why', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = range(1, 3);
    const { follower } = setup({ clock, app, reach: () => ({ reachable: false, reason: 'paused' }) });
    follower.setVisible(true);
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.agentUnreachable], ['app-server', 'paused']);
  });

  it('falls back to the app server when the agent server fails, and tries the agent server again later', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.held = range(1, 3);
    const app = new FakeReader('app-server', clock);
    app.held = range(1, 3);
    const { follower, reachCalls } = setup({ clock, app, agent });
    follower.setVisible(true);
    await clock.advance(0);
    agent.drop(new Error('socket reset'));
    agent.failure = new Error('down');
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.agentUnreachable], ['app-server', 'failed']);
    assert.equal(follower.status.lastError, undefined, 'the app server answered');
    assert.equal(app.calls[0]!.method, 'since');
    agent.failure = undefined;
    await clock.advance(DEFAULT_FOLLOW_TIMING.agentRetryMs + 10_000);
    assert.equal(reachCalls(), 2);
    assert.deepEqual([follower.status.source, follower.status.mode], ['agent-server', 'stream']);
    assert.equal(agent.open.length, 1);
  });

  it('follows the app server when the agent server ends its stream, with no error to show', async () => {
    const { clock, agent, follower } = await streamingFollow();
    agent.drop();
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.mode, follower.status.lastError], ['app-server', 'polling', undefined]);
  });

  it('falls back when the stream fails while it opens', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.stream = (_newest, handlers) => {
      handlers.onClose(new Error('refused'));
      return { close: () => undefined };
    };
    const { follower } = setup({ clock, app: new FakeReader('app-server', clock), agent });
    follower.setVisible(true);
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.agentUnreachable], ['app-server', 'failed']);
  });

  it('picks the source again when the conversation\'s state changes: paused, the app server; resumed, the agent\'s stream (issue 29, item 4)', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    const app = new FakeReader('app-server', clock);
    const running: AgentReach = { reachable: true, agent: { events: agent } as unknown as AgentServerApi };
    let now: AgentReach = running;
    const { follower } = setup({ clock, app, agent, reach: () => now });
    follower.setVisible(true);
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.mode], ['agent-server', 'stream']);
    now = { reachable: false, reason: 'paused' };
    follower.reconnect();
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.mode, follower.status.agentUnreachable], ['app-server', 'polling', 'paused']);
    now = running;
    follower.reconnect();
    await clock.advance(0);
    assert.deepEqual([follower.status.source, follower.status.mode], ['agent-server', 'stream'], 'at once, not after the agent retry interval');
  });

  it('asks nothing of an agent server whose sandbox is paused (its requests hang)', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    const app = new FakeReader('app-server', clock);
    const { follower } = setup({ clock, app, agent, reach: () => ({ reachable: false, reason: 'paused' }) });
    follower.setVisible(true);
    await clock.advance(0);
    assert.equal(follower.status.source, 'app-server');
    assert.equal(agent.calls.length, 0);
  });

  it('backs off and retries where the only source fails', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.failure = new Error('502');
    const { follower } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(30_000);
    assert.deepEqual(gaps(app.calls.map((c) => c.at)).slice(0, 4), [3_000, 4_500, 6_750, 10_000]);
    assert.equal(follower.status.lastError?.message, '502');
    app.failure = undefined;
    app.held = range(1, 2);
    await clock.advance(10_000);
    assert.deepEqual(ids(follower.events), ['m1', 'm2']);
    assert.equal(follower.status.lastError, undefined);
  });
});

describe('TranscriptFollower: the end of a run', () => {
  it('reads everything again once the app server\'s copy is complete, then stops until asked', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = range(1, 3);
    const { follower } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(0);
    app.held.push(state(4, 'finished'));
    await clock.advance(2_000);
    const ended = app.calls.length;
    app.held.splice(1, 0, { ...message(2), id: 'very-late' });
    await clock.advance(DEFAULT_FOLLOW_TIMING.fullReadDelayMs - 1);
    assert.equal(app.calls.length, ended, 'nothing read while the app server may still receive the last batch');
    await clock.advance(1);
    assert.deepEqual(app.calls.slice(ended).map((c) => [c.method, c.from]), [['since', 'm1']]);
    assert.ok(ids(follower.events).includes('very-late'));
    assert.equal(follower.status.mode, 'complete');
    await clock.advance(600_000);
    assert.equal(app.calls.length, ended + 1);
    assert.equal(clock.pending, 0);
    follower.refreshSoon();
    app.held.push(state(5, 'running'));
    await clock.advance(0);
    assert.equal(follower.status.mode, 'polling');
    assert.equal(app.calls.length, ended + 2);
  });

  it('closes the agent server\'s stream at the end and reads it again at once (it has no lag)', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.held = range(1, 3);
    const { follower } = setup({ clock, app: new FakeReader('app-server', clock), agent });
    follower.setVisible(true);
    await clock.advance(0);
    agent.push(state(4, 'finished'));
    assert.equal(agent.open.length, 0);
    await clock.advance(DEFAULT_FOLLOW_TIMING.agentPollMs);
    assert.deepEqual(agent.calls.map((c) => c.method), ['latest', 'stream', 'since']);
    assert.equal(follower.status.mode, 'complete');
  });

  it('keeps the stream it opened again after the end when the old one reports its close late', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.closeReportMs = 2_000;
    agent.held = range(1, 3);
    const { follower } = setup({ clock, app: new FakeReader('app-server', clock), agent });
    follower.setVisible(true);
    await clock.advance(0);
    agent.push(state(4, 'finished'));
    agent.held.push(state(5, 'running')); // a follow-up sent elsewhere: the re-read finds the run going on
    await clock.advance(5_000);
    assert.deepEqual([follower.status.source, follower.status.mode], ['agent-server', 'stream']);
    assert.equal(agent.open.length, 1);
  });

  it('opened on a finished conversation, reads it again once, then sends nothing', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = [...range(1, 3), state(4, 'finished')];
    const { follower } = setup({ clock, app });
    follower.setVisible(true);
    await clock.advance(600_000);
    assert.deepEqual(app.calls.map((c) => c.method), ['latest', 'since']);
    assert.equal(follower.status.mode, 'complete');
  });
});

describe('TranscriptFollower: the agent\'s words as they are written', () => {
  it('passes a message being written on at most every partialEveryMs, growing; its event replaces it', async () => {
    const { clock, agent, follower } = await streamingFollowWithUpdates();
    const stream = agent.open[0]!;
    stream.handlers.onPartial!({ id: 'm1', text: 'I ', thinking: '' });
    stream.handlers.onPartial!({ id: 'm1', text: 'I will', thinking: '' });
    assert.equal(follower.updates.filter((u) => u.partials.length > 0).length, 0, 'not before the interval');
    await clock.advance(DEFAULT_FOLLOW_TIMING.partialEveryMs);
    assert.deepEqual(follower.updates.at(-1)!.partials, [{ id: 'm1', text: 'I will', thinking: '' }]);
    agent.push(message(1));
    assert.deepEqual([ids(follower.updates.at(-1)!.changed), follower.updates.at(-1)!.partials], [['m1'], []]);
  });

  it('a message that ends without an event, or a stream that closes, takes its words away', async () => {
    const { clock, agent, follower } = await streamingFollowWithUpdates();
    agent.open[0]!.handlers.onPartial!({ id: 'a', text: 'one', thinking: '' });
    agent.open[0]!.handlers.onPartial!({ id: 'b', text: 'two', thinking: '' });
    agent.open[0]!.handlers.onPartialEnd!('a');
    await clock.advance(DEFAULT_FOLLOW_TIMING.partialEveryMs);
    assert.deepEqual(follower.updates.at(-1)!.partials.map((p) => p.id), ['b']);
    agent.drop(new Error('gone'));
    await clock.advance(DEFAULT_FOLLOW_TIMING.partialEveryMs);
    assert.deepEqual(follower.updates.at(-1)!.partials, []);
  });
});

async function streamingFollowWithUpdates() {
  const clock = new FakeClock();
  const agent = new StreamingReader('agent-server', clock);
  const app = new FakeReader('app-server', clock);
  const { follower, updates } = setup({ clock, app, agent });
  follower.setVisible(true);
  await clock.advance(0);
  return { clock, agent, follower: { updates } };
}

describe('TranscriptFollower: an agent server spoken to directly (no app server) killed mid-run and started again', () => {
  it('shows the failure while it is away, reads what it missed when it is back, and follows its stream again', async () => {
    const clock = new FakeClock();
    const agent = new StreamingReader('agent-server', clock);
    agent.held = range(1, 2);
    const { follower, updates } = setup({ clock, agent });
    follower.setVisible(true);
    await clock.advance(0);
    agent.failure = new Error('connect ECONNREFUSED');
    agent.drop(new Error('connect ECONNREFUSED'));
    await clock.advance(10_000);
    assert.deepEqual([follower.status.mode, follower.status.lastError?.message], ['polling', 'connect ECONNREFUSED']);
    agent.held.push(message(3)); // stored while the server went down and came back
    agent.failure = undefined;
    await clock.advance(20_000);
    assert.deepEqual([follower.status.mode, follower.status.lastError], ['stream', undefined]);
    assert.deepEqual(ids(updates.at(-1)!.events), ['m1', 'm2', 'm3']);
    assert.equal(agent.open.length, 1);
  });
});
