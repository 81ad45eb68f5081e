// The client's work operations before their module loads: offered per server line at once, loaded on first use.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationWorkApi, EventsReader, ServerApi } from '../../src/api/client';
import { lazyWorkApi, offeredWork } from '../../src/api/lazyWorkApi';

const V0: ServerApi = { version: undefined, settings: 'v0', conversations: 'v0' };
const V1: ServerApi = { version: '1.11.0', settings: 'v1', conversations: 'v1' };
const MIXED_WITHOUT_CHANGES: ServerApi = { version: '1.6.0', settings: 'v0', conversations: 'v1', changes: null };

const window = { events: [], olderCursor: null };
const reader: EventsReader = { source: 'app-server', latest: async () => window, older: async () => window, since: async () => [] };

/** A loader that counts its loads and fails the first `failures` of them. */
function loader(failures = 0): { load: () => Promise<ConversationWorkApi>; loads: () => number } {
  let loads = 0;
  const work: ConversationWorkApi = { events: () => reader, listChanges: async () => ({ files: [], base: null }) as never };
  return {
    load: async () => {
      loads += 1;
      if (loads <= failures) throw new Error('the module did not load');
      return work;
    },
    loads: () => loads,
  };
}

describe('lazyWorkApi', () => {
  it('offers V0 events, export, confirmation and its git changes, and no agent server', () => {
    assert.deepEqual([...offeredWork(V0)].sort(), ['confirmAction', 'downloadTrajectory', 'events', 'listChanges']);
  });

  it('offers V1 the agent server and the file text besides', () => {
    assert.deepEqual([...offeredWork(V1)].sort(), ['agentFileText', 'agentServer', 'confirmAction', 'downloadTrajectory', 'events', 'listChanges']);
  });

  it('offers no changes where no route serves the conversations (1.6.0)', () => {
    assert.equal(offeredWork(MIXED_WITHOUT_CHANGES).has('listChanges'), false);
    const agent = { version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent' } as const;
    assert.deepEqual([...offeredWork(agent)].sort(), ['agentServer', 'confirmAction', 'goOnAfterReject'], 'the agent line: no app-server copy, changes through its agent server');
  });

  it('exposes only what is offered, before anything loads', () => {
    const { load, loads } = loader();
    const work = lazyWorkApi(V0, load);
    assert.equal(work.agentServer, undefined);
    assert.equal(typeof work.listChanges, 'function');
    assert.equal(work.events!('c1').source, 'app-server');
    assert.equal(loads(), 0);
  });

  it('loads the module once, on the first call, for every operation', async () => {
    const { load, loads } = loader();
    const work = lazyWorkApi(V1, load);
    const events = work.events!('c1');
    assert.deepEqual(await events.latest(10), window);
    await work.listChanges!('c1', null);
    await events.since(undefined);
    assert.equal(loads(), 1);
  });

  it('tries a failed load again on the next call', async () => {
    const { load, loads } = loader(1);
    const work = lazyWorkApi(V1, load);
    await assert.rejects(work.events!('c1').latest(10), /did not load/);
    assert.deepEqual(await work.events!('c1').latest(10), window);
    assert.equal(loads(), 2);
  });
});
