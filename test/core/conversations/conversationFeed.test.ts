// The Conversations view's model against a scripted client: pages, the started-here mark, the states of the
// conversations started here, who stopped working, and failures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationsApi } from '../../../src/api/client';
import type { ConversationPage, ConversationState, ConversationSummary } from '../../../src/api/model/conversations';
import { RateLimitedError } from '../../../src/api/http/statusErrors';
import { ConversationFeed, PAGE_SIZE } from '../../../src/core/conversations/conversationFeed';

function summary(id: string, state: ConversationState = 'finished'): ConversationSummary {
  return { id, title: `title ${id}`, repository: 'o/r', branch: 'main', createdAt: null, updatedAt: null, state, serverStatus: state.toUpperCase() };
}

/** A server holding `all` newest first, paged by offset; records each call. */
class ScriptedServer implements ConversationsApi {
  readonly calls: string[] = [];
  constructor(public all: ConversationSummary[]) {}
  createConversation(): never { throw new Error('not used'); }
  async listConversations(page: { pageId?: string; limit: number }): Promise<ConversationPage> {
    this.calls.push(`list ${page.pageId ?? 'first'}`);
    const start = Number(page.pageId ?? 0);
    const end = start + page.limit;
    return { items: this.all.slice(start, end), nextPageId: end < this.all.length ? String(end) : null };
  }
  async getConversations(ids: readonly string[]): Promise<readonly ConversationSummary[]> {
    this.calls.push(`ids ${ids.join(',')}`);
    return this.all.filter((c) => ids.includes(c.id));
  }
  /** The person's first message of each conversation, by id (a V1 server's events). */
  firstMessages = new Map<string, string>();
  async firstMessage(id: string): Promise<string | undefined> {
    this.calls.push(`first ${id}`);
    return this.firstMessages.get(id);
  }
  set(id: string, state: ConversationState): void {
    this.all = this.all.map((c) => (c.id === id ? summary(id, state) : c));
  }
}

const signal = new AbortController().signal;
const many = (n: number) => Array.from({ length: n }, (_, i) => summary(`c${i}`));

describe('ConversationFeed', () => {
  it('shows nothing before the first page, then the first page with the started ones marked', async () => {
    const server = new ScriptedServer(many(3));
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'c1' }]);
    assert.equal(feed.hasMore, false);
    assert.equal(feed.list?.length, undefined);
    const outcome = await feed.poll(server, 'list', signal);
    assert.equal(outcome.changed, true);
    assert.deepEqual(feed.list?.map((c) => [c.id, c.startedHere]), [['c0', false], ['c1', true], ['c2', false]]);
    assert.equal(feed.hasMore, false);
  });

  it('reports the first answer of an empty server as a change: the view leaves "Loading" for its welcome', async () => {
    const feed = new ConversationFeed();
    const outcome = await feed.poll(new ScriptedServer([]), 'list', signal);
    assert.equal(outcome.changed, true);
    assert.deepEqual(feed.list, []);
    assert.equal((await feed.poll(new ScriptedServer([]), 'list', signal)).changed, false, 'the next empty answer is no change');
  });

  it('loads more pages after the first and keeps them across polls, new conversations on top', async () => {
    const server = new ScriptedServer(many(PAGE_SIZE + 5));
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    assert.equal(feed.list?.length, PAGE_SIZE);
    assert.equal(feed.hasMore, true);
    await feed.loadMore(server);
    assert.equal(feed.list?.length, PAGE_SIZE + 5);
    assert.equal(feed.hasMore, false);
    server.all = [summary('new'), ...server.all];
    await feed.poll(server, 'list', signal);
    const ids = feed.list?.map((c) => c.id) ?? [];
    assert.equal(ids[0], 'new');
    assert.equal(ids.length, PAGE_SIZE + 6);
    assert.equal(new Set(ids).size, ids.length, 'no conversation twice');
    assert.equal(feed.hasMore, false);
  });

  it('takes the server\'s list whole once its first page is all it has: a server restarted with fewer conversations keeps none of the others (issue 42, item 6)', async () => {
    const server = new ScriptedServer(many(3 * PAGE_SIZE));
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    await feed.loadMore(server);
    await feed.loadMore(server);
    assert.equal(feed.list?.length, 3 * PAGE_SIZE);
    server.all = [summary('only', 'waiting')];
    await feed.poll(server, 'list', signal);
    assert.deepEqual(feed.list?.map((c) => c.id), ['only']);
    assert.equal(feed.hasMore, false);
  });

  it('reads every loaded page again after a failure and on Refresh: rows the server no longer has go (issue 42, item 6)', async () => {
    const server = new ScriptedServer(many(4 * PAGE_SIZE));
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    await feed.loadMore(server);
    const failing: ConversationsApi = { ...server, createConversation: server.createConversation, listConversations: () => Promise.reject(new Error('down')), getConversations: () => Promise.reject(new Error('down')) };
    await feed.poll(failing, 'list', signal);
    // Back with 30 fewer: the second page loaded before no longer holds the same conversations.
    server.all = many(4 * PAGE_SIZE).slice(0, PAGE_SIZE + 5).concat(many(4 * PAGE_SIZE).slice(PAGE_SIZE + 35));
    server.calls.length = 0;
    await feed.poll(server, 'list', signal);
    assert.deepEqual(server.calls, ['list first', `list ${PAGE_SIZE}`], 'the two loaded pages, read again');
    assert.deepEqual(feed.list?.map((c) => c.id), server.all.slice(0, 2 * PAGE_SIZE).map((c) => c.id));
    assert.equal(feed.hasMore, true);
    server.all = server.all.filter((c) => c.id !== `c${PAGE_SIZE + 1}`);
    await feed.poll(server, 'list', signal);
    assert.ok(feed.list?.some((c) => c.id === `c${PAGE_SIZE + 1}`), 'a quiet poll reads the first page only');
    feed.rereadList();
    await feed.poll(server, 'list', signal);
    assert.equal(feed.list?.some((c) => c.id === `c${PAGE_SIZE + 1}`), false, 'Refresh reads the loaded pages again');
  });

  it('drops the row of a conversation the server no longer has, and keeps its state for its tab (issue 42, item 6)', async () => {
    const server = new ScriptedServer([...many(PAGE_SIZE), summary('old', 'running')]);
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    await feed.loadMore(server);
    feed.setWatched(['old']);
    server.all = server.all.filter((c) => c.id !== 'old');
    await feed.poll(server, 'list', signal);
    assert.equal(feed.list?.some((c) => c.id === 'old'), false);
    assert.equal(feed.stateOf('old'), 'gone');
  });

  it('tells which conversations started here stopped working, once', async () => {
    const server = new ScriptedServer([summary('a', 'running'), summary('b', 'running'), summary('other', 'running')]);
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'a', state: 'starting' }, { id: 'b', state: 'running' }]);
    let outcome = await feed.poll(server, 'started', signal);
    assert.deepEqual(outcome.stopped, []);
    assert.equal(outcome.working, true);
    server.set('a', 'waiting');
    server.set('other', 'finished');
    outcome = await feed.poll(server, 'started', signal);
    assert.deepEqual(outcome.stopped.map((c) => [c.id, c.state]), [['a', 'waiting']]);
    outcome = await feed.poll(server, 'started', signal);
    assert.deepEqual(outcome.stopped, [], 'told once');
    server.set('b', 'error');
    outcome = await feed.poll(server, 'list', signal);
    assert.deepEqual(outcome.stopped.map((c) => [c.id, c.state]), [['b', 'error']]);
    assert.equal(outcome.working, false);
  });

  it('follows one not started here after a follow-up from here: asked by id while hidden, its stop told once even where no poll saw it working, then no longer asked', async () => {
    const server = new ScriptedServer([summary('reviewed', 'finished'), summary('other', 'finished')]);
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    feed.follow('reviewed');
    assert.deepEqual(feed.workingStarted, ['reviewed']);
    // Its run was short: it had ended before the first poll after the follow-up.
    let outcome = await feed.poll(server, 'started', signal);
    assert.deepEqual(outcome.stopped.map((c) => [c.id, c.state, c.startedHere]), [['reviewed', 'finished', false]]);
    assert.equal(outcome.working, false);
    outcome = await feed.poll(server, 'started', signal);
    assert.deepEqual(outcome.stopped, [], 'told once');
    assert.deepEqual(server.calls, ['list first', 'ids reviewed'], 'no longer asked once it stopped');
    assert.deepEqual(feed.list?.map((c) => c.startedHere), [false, false], 'not taken for one started here');
  });

  it('asks only for the working ones started here while hidden, and for nothing when none works', async () => {
    const server = new ScriptedServer([summary('a', 'running'), summary('b', 'finished')]);
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'a', state: 'running' }, { id: 'b', state: 'finished' }]);
    await feed.poll(server, 'started', signal);
    assert.deepEqual(server.calls, ['ids a']);
    server.set('a', 'finished');
    await feed.poll(server, 'started', signal);
    await feed.poll(server, 'started', signal);
    assert.deepEqual(server.calls, ['ids a', 'ids a']);
  });

  it('follows a working conversation started here that is beyond the first page by its id', async () => {
    const server = new ScriptedServer([...many(PAGE_SIZE), summary('old', 'running')]);
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'old', state: 'running' }]);
    await feed.poll(server, 'list', signal);
    assert.deepEqual(server.calls, ['list first', 'ids old']);
    server.set('old', 'finished');
    const outcome = await feed.poll(server, 'list', signal);
    assert.deepEqual(outcome.stopped.map((c) => c.id), ['old']);
  });

  it('takes a working one started here that the server no longer has as gone: told once, no longer working (issue 29, item 7)', async () => {
    const server = new ScriptedServer([summary('a', 'running')]);
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'a', state: 'running' }]);
    await feed.poll(server, 'started', signal);
    server.all = [];
    const outcome = await feed.poll(server, 'started', signal);
    assert.deepEqual(outcome.stopped.map((c) => [c.id, c.state]), [['a', 'gone']]);
    assert.deepEqual(feed.workingStarted, []);
    assert.equal(outcome.working, false);
    assert.equal(feed.stateOf('a'), 'gone');
  });

  it('knows the state of a watched conversation (an open tab) beyond the first page, asked by its id (issue 29, item 4)', async () => {
    const server = new ScriptedServer([...many(PAGE_SIZE), summary('old', 'running')]);
    const feed = new ConversationFeed();
    feed.setWatched(['old', 'c1']);
    await feed.poll(server, 'list', signal);
    assert.deepEqual(server.calls, ['list first', 'ids old']);
    assert.equal(feed.stateOf('old'), 'running');
    assert.equal(feed.stateOf('c1'), 'finished');
    server.set('old', 'paused');
    await feed.poll(server, 'list', signal);
    assert.equal(feed.stateOf('old'), 'paused');
    server.all = server.all.filter((c) => c.id !== 'old');
    await feed.poll(server, 'list', signal);
    assert.equal(feed.stateOf('old'), 'gone');
    assert.equal(feed.stateOf('never-seen'), undefined);
  });

  it('reports a quiet poll as unchanged', async () => {
    const server = new ScriptedServer(many(2));
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    assert.equal((await feed.poll(server, 'list', signal)).changed, false);
    server.set('c0', 'running');
    assert.equal((await feed.poll(server, 'list', signal)).changed, true);
  });

  it('keeps the list on a failure, says why, and passes a Retry-After on', async () => {
    const server = new ScriptedServer(many(2));
    const feed = new ConversationFeed();
    await feed.poll(server, 'list', signal);
    const limited = new RateLimitedError({ baseUrl: 'http://x', method: 'GET', path: '/p' } as never, 7);
    const failing: ConversationsApi = { ...server, createConversation: server.createConversation, listConversations: () => Promise.reject(limited), getConversations: () => Promise.reject(limited) };
    const outcome = await feed.poll(failing, 'list', signal);
    assert.equal(outcome.failed, true);
    assert.equal(outcome.retryAfterMs, 7000);
    assert.equal(feed.problem, limited);
    assert.equal(feed.list?.length, 2);
    await feed.poll(server, 'list', signal);
    assert.equal(feed.problem, undefined);
  });

  it('shows the words typed for one started here until the server names it', async () => {
    const server = new ScriptedServer([{ ...summary('abcdef12'), title: 'Conversation abcde' }, { ...summary('fedcba98'), title: 'Conversation fedcb' }]);
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'abcdef12', title: 'Fix the login' }]);
    await feed.poll(server, 'list', signal);
    assert.deepEqual(feed.list?.map((c) => c.title), ['Fix the login', 'Conversation fedcb']);
    feed.setStarted([{ id: 'abcdef12', title: 'Fix the login', state: 'running' }]);
    server.set('abcdef12', 'finished');
    server.all = [{ ...server.all[0]!, title: 'Conversation abcde' }, ...server.all.slice(1)];
    const told = await feed.poll(server, 'list', signal);
    assert.deepEqual(told.stopped.map((c) => c.title), ['Fix the login'], 'the notice names it as the view does');
    server.all = [{ ...summary('abcdef12'), title: 'Login redirect fixed' }, ...server.all.slice(1)];
    await feed.poll(server, 'list', signal);
    assert.equal(feed.list?.[0]?.title, 'Login redirect fixed');
  });

  it('shows the first message of the conversations the server has not named: asked once each, a few a poll, never while hidden', async () => {
    const unnamed = (id: string) => ({ ...summary(id, 'waiting'), title: `Conversation ${id.slice(0, 5)}` });
    const server = new ScriptedServer([summary('named1'), ...['aaaaa1', 'bbbbb2', 'ccccc3', 'ddddd4', 'eeeee5'].map(unnamed)]);
    server.firstMessages = new Map([['aaaaa1', 'Fix the flaky login test'], ['bbbbb2', 'Add a changelog entry'], ['ddddd4', 'Bump zod']]);
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'eeeee5', title: 'Typed here' }]);
    const first = await feed.poll(server, 'list', signal);
    assert.equal(first.changed, true);
    assert.deepEqual(server.calls, ['list first', 'first aaaaa1', 'first bbbbb2', 'first ccccc3'], 'a few a poll, the named and the typed never');
    server.calls.length = 0;
    assert.equal((await feed.poll(server, 'list', signal)).changed, true, 'the next poll learns another and says so');
    assert.deepEqual(server.calls, ['list first', 'first ddddd4'], 'found ones kept; the empty answer waits before it is asked again');
    assert.deepEqual(feed.list?.map((c) => c.title), ['title named1', 'Fix the flaky login test', 'Add a changelog entry', 'Conversation ccccc', 'Bump zod', 'Typed here']);
    server.calls.length = 0;
    await feed.poll(server, 'started', signal);
    assert.deepEqual(server.calls, [], 'nothing asked while the view is hidden');
  });

  it('drops an answer that comes after its poll was aborted (the server changed meanwhile)', async () => {
    const server = new ScriptedServer(many(2));
    const feed = new ConversationFeed();
    const aborted = new AbortController();
    const polling = feed.poll(server, 'list', aborted.signal);
    aborted.abort();
    assert.equal((await polling).changed, false);
    assert.equal(feed.list, undefined);
    assert.equal(feed.problem, undefined);
  });

  it('forgets the list on reset and keeps the started ones', async () => {
    const server = new ScriptedServer(many(2));
    const feed = new ConversationFeed();
    feed.setStarted([{ id: 'c0', state: 'running' }]);
    await feed.poll(server, 'list', signal);
    feed.reset();
    assert.equal(feed.list, undefined);
    assert.deepEqual([...feed.startedStates.keys()], ['c0']);
  });
});
