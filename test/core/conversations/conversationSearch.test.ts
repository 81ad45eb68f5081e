// The server's title search: paged, and kept fresh by the view's polls.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationPage, ConversationState, ConversationSummary } from '../../../src/api/model/conversations';
import { ConversationSearch, serverStates } from '../../../src/core/conversations/conversationSearch';

describe('ConversationSearch', () => {
  const summary = (id: string, state: ConversationState = 'finished'): ConversationSummary => ({
    id, title: `Parser ${id}`, state, repository: null, branch: null, createdAt: null, updatedAt: null, serverStatus: '',
  });

  it('reads the first page with one request, pages on, and keeps the count seen while typing', async () => {
    const asked: unknown[] = [];
    const pages: Record<string, ConversationPage> = { first: { items: [summary('a'), summary('b')], nextPageId: '2' }, '2': { items: [summary('b'), summary('c')], nextPageId: null } };
    const api = { searchConversations: async (query: { text: string; pageId?: string; limit: number }) => { asked.push(query); return pages[query.pageId ?? 'first']!; } };
    const search = ConversationSearch.byTitle(api, 'parser', 3);
    await search.run();
    assert.deepEqual(asked, [{ text: 'parser', limit: 20 }]);
    assert.equal(search.hasMore, true);
    await search.loadMore();
    assert.deepEqual(search.items.map((c) => c.id), ['a', 'b', 'c']);
    assert.equal(search.hasMore, false);
    assert.equal(search.total, 3);
  });

  it('takes fresher states from a poll and drops deleted conversations', async () => {
    const search = ConversationSearch.byTitle({ searchConversations: async () => ({ items: [summary('a', 'running'), summary('b')], nextPageId: null }) }, 'parser', undefined);
    await search.run();
    search.update(new Map([['a', summary('a', 'finished')]]), new Set(['b']));
    assert.deepEqual(search.items.map((c) => [c.id, c.state]), [['a', 'finished']]);
  });

  it('by state: the server\'s list of the states asked for, paged on with its page ids; its text is none (the view matches words itself)', async () => {
    const asked: unknown[] = [];
    const api = { listByState: async (query: { states: readonly ConversationState[]; pageId?: string; limit: number }) => {
      asked.push(query);
      return query.pageId ? { items: [summary('c', 'paused')], nextPageId: null } : { items: [summary('a', 'waiting'), summary('b', 'paused')], nextPageId: '0:p2' };
    } };
    const search = ConversationSearch.byState(api, ['waiting', 'paused']);
    await search.run();
    await search.loadMore();
    assert.deepEqual(asked, [{ states: ['waiting', 'paused'], limit: 20 }, { states: ['waiting', 'paused'], pageId: '0:p2', limit: 20 }]);
    assert.deepEqual([search.text, search.total, search.hasMore, search.items.map((c) => c.id)], ['', undefined, false, ['a', 'b', 'c']]);
  });
});

describe('serverStates', () => {
  it('the model states of the picked filters; none where none is picked or Started here is (this machine\'s, not the server\'s)', () => {
    assert.deepEqual(serverStates(new Set(['running', 'error'])), ['starting', 'running', 'error']);
    assert.deepEqual(serverStates(new Set(['waiting', 'finished'])), ['waiting', 'paused', 'finished', 'stopped']);
    assert.equal(serverStates(new Set()), undefined);
    assert.equal(serverStates(new Set(['running', 'startedHere'])), undefined);
  });
});
