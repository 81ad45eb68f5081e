// Chat's follow of a run, over the transcript's own follower (TranscriptFollower) with fake sources and a fake
// clock: the events it passes on, when it ends, and that it reads what a visible tab reads, as often.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentServerApi } from '../../../src/api/client';
import type { ConversationState } from '../../../src/api/model/conversations';
import type { ConversationEvent } from '../../../src/api/model/events';
import { followRun, type FollowEnd } from '../../../src/core/chat/runFollow';
import { TranscriptFollower } from '../../../src/core/transcript/follow';
import type { FollowSources } from '../../../src/core/transcript/followTypes';
import { FakeClock } from '../../support/fakeClock';
import { FakeReader, StreamingReader } from '../transcript/fakeReader';
import { timeOf } from '../transcript/sampleEvents';

function message(index: number): ConversationEvent {
  return { id: `m${index}`, timestamp: timeOf(index), origin: 'agent', kind: 'message', text: `message ${index}`, imageCount: 0 };
}

function state(index: number, value: ConversationState): ConversationEvent {
  return { id: `s${index}`, timestamp: timeOf(index), origin: 'server', kind: 'state', state: value, serverStatus: value };
}

const ids = (events: readonly ConversationEvent[]) => events.map((e) => e.id);

/** Chat following the conversation whose sources are `app` (and `agent`, reachable), on `clock`. */
function follow(clock: FakeClock, app: FakeReader, options: { agent?: FakeReader; known?: ConversationEvent[]; signal?: AbortSignal } = {}) {
  const agentApi = options.agent && ({ events: options.agent } as unknown as AgentServerApi);
  const sources: FollowSources = {
    appServer: app,
    agentReach: agentApi ? async () => ({ reachable: true, agent: agentApi }) : undefined,
  };
  const shown: string[] = [];
  let end: FollowEnd | undefined;
  void followRun((onUpdate) => new TranscriptFollower(sources, clock, onUpdate), (event) => shown.push(event.id), {
    signal: options.signal ?? new AbortController().signal, ...(options.known ? { known: options.known } : {}),
  }).then((result) => { end = result; });
  return { shown, end: () => end };
}

describe('followRun over the transcript follower', () => {
  it('passes each event once, in order, and ends at the state that says the agent stopped', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = [state(1, 'running'), message(2)];
    const run = follow(clock, app);
    await clock.advance(0);
    assert.deepEqual(run.shown, ['s1', 'm2']);
    app.held.push(message(3), state(4, 'finished'));
    await clock.advance(2_000);
    assert.deepEqual(run.shown, ['s1', 'm2', 'm3', 's4']);
    const end = run.end();
    assert.equal(end?.kind, 'ended');
    assert.equal(end?.kind === 'ended' && end.state, 'finished');
    assert.deepEqual(ids(end!.events), ['s1', 'm2', 'm3', 's4']);
    // Ended: the follower is gone, nothing more is read.
    const calls = app.calls.length;
    await clock.advance(60_000);
    assert.equal(app.calls.length, calls);
  });

  it('reads the app server as the tab does: every 2 s growing to 10 s while nothing new comes, no list of conversations', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = [state(1, 'running')];
    const run = follow(clock, app);
    await clock.advance(60_000);
    assert.equal(run.end(), undefined);
    // The tab's backoff: 2, 3, 4.5, 6.75, 10, 10… s: 9 reads in the first minute where a 2 s poll made 30.
    assert.deepEqual(app.calls.map((c) => c.at), [0, 2000, 5000, 9500, 16250, 26250, 36250, 46250, 56250]);
  });

  it('follows the agent server\'s stream where it is reachable: no polling at all', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    const agent = new StreamingReader('agent-server', clock);
    agent.held = [state(1, 'running')];
    const run = follow(clock, app, { agent });
    await clock.advance(0);
    agent.push(message(2));
    await clock.advance(30_000);
    agent.push(state(3, 'finished'));
    await clock.advance(0);
    assert.deepEqual(run.shown, ['s1', 'm2', 's3']);
    assert.equal(run.end()?.kind, 'ended');
    assert.deepEqual(agent.calls.map((c) => c.method), ['latest', 'stream']);
    assert.deepEqual(app.calls, []);
  });

  it('after a follow-up: skips the known events, and neither their end nor a stop before this run\'s work ends it', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    const known = [message(1), state(2, 'finished')];
    app.held = [...known];
    const run = follow(clock, app, { known });
    // The follower reads everything again after the end it holds (35 s on the app server), then waits for more.
    await clock.advance(40_000);
    assert.equal(run.end(), undefined);
    // The app server's copy brings the earlier run's idle state late, then this run.
    app.held.push(state(3, 'waiting'), state(4, 'running'), message(5));
    await clock.advance(10_000);
    assert.equal(run.end(), undefined);
    app.held.push(state(6, 'finished'));
    await clock.advance(10_000);
    assert.deepEqual(run.shown, ['s3', 's4', 'm5', 's6']);
    assert.equal(run.end()?.kind, 'ended');
  });

  it('a new conversation that waits for a message before it works is not ended by that', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.held = [state(1, 'waiting')];
    const run = follow(clock, app);
    await clock.advance(5_000);
    assert.equal(run.end(), undefined);
    app.held.push(state(2, 'running'), state(3, 'waiting'));
    await clock.advance(5_000);
    assert.equal(run.end()?.kind, 'ended');
  });

  it('a failed read is tried again, not the end; cancelling stops the follower and every read', async () => {
    const clock = new FakeClock();
    const app = new FakeReader('app-server', clock);
    app.failure = new Error('HTTP 502');
    const controller = new AbortController();
    const run = follow(clock, app, { signal: controller.signal });
    await clock.advance(10_000);
    assert.equal(run.end(), undefined);
    assert.ok(app.calls.length >= 2, 'tried again');
    app.failure = undefined;
    app.held = [state(1, 'running')];
    await clock.advance(10_000);
    assert.deepEqual(run.shown, ['s1']);
    controller.abort();
    await clock.advance(0);
    assert.equal(run.end()?.kind, 'cancelled');
    const calls = app.calls.length;
    await clock.advance(60_000);
    assert.equal(app.calls.length, calls);
  });

  it('ends as lost where no source has the conversation\'s events', async () => {
    const clock = new FakeClock();
    const shown: string[] = [];
    const end = await followRun((onUpdate) => new TranscriptFollower({ appServer: undefined, agentReach: undefined }, clock, onUpdate), (e) => shown.push(e.id), {
      signal: new AbortController().signal,
    });
    assert.equal(end.kind, 'lost');
  });
});
