// Finding conversations: the states a filter shows, the title matched on loaded rows, and the server's search
// paged and kept fresh by the view's polls.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationPage, ConversationState, ConversationSummary } from '../../../src/api/model/conversations';
import type { FeedItem } from '../../../src/core/conversations/conversationFeed';
import { ConversationSearch, isFiltering, matchesFilter, NO_FILTER, type StateFilter } from '../../../src/core/conversations/conversationFilter';

const item = (id: string, title: string, state: ConversationState, startedHere = false): FeedItem => ({
  id, title, state, startedHere, repository: null, branch: null, createdAt: null, updatedAt: null, serverStatus: '',
});
const filter = (text: string, ...states: StateFilter[]) => ({ text, states: new Set(states) });

describe('matchesFilter', () => {
  const rows = [item('a', 'Fix the Parser loop', 'running'), item('b', 'Docs', 'finished', true), item('c', 'Parser docs', 'error'), item('d', 'Wait', 'paused')];
  const ids = (text: string, matchText: boolean, ...states: StateFilter[]) => rows.filter((r) => matchesFilter(r, filter(text, ...states), matchText)).map((r) => r.id);

  it('matches the title case-insensitively only when asked to (the server matched it otherwise)', () => {
    assert.deepEqual(ids('parser', true), ['a', 'c']);
    assert.deepEqual(ids('parser', false), ['a', 'b', 'c', 'd']);
  });

  it('shows any of the states picked: running, waiting (paused too), finished, error, started here', () => {
    assert.deepEqual(ids('', true, 'running'), ['a']);
    assert.deepEqual(ids('', true, 'waiting'), ['d']);
    assert.deepEqual(ids('', true, 'finished', 'error'), ['b', 'c']);
    assert.deepEqual(ids('', true, 'startedHere'), ['b']);
    assert.deepEqual(ids('parser', true, 'error'), ['c']);
  });

  it('is filtering only with words or states', () => {
    assert.equal(isFiltering(NO_FILTER), false);
    assert.equal(isFiltering(filter('x')), true);
    assert.equal(isFiltering(filter('', 'error')), true);
  });
});

describe('ConversationSearch', () => {
  const summary = (id: string, state: ConversationState = 'finished'): ConversationSummary => ({ ...item(id, `Parser ${id}`, state) });

  it('reads the first page with one request, pages on, and keeps the count seen while typing', async () => {
    const asked: unknown[] = [];
    const pages: Record<string, ConversationPage> = { first: { items: [summary('a'), summary('b')], nextPageId: '2' }, '2': { items: [summary('b'), summary('c')], nextPageId: null } };
    const api = { searchConversations: async (query: { text: string; pageId?: string; limit: number }) => { asked.push(query); return pages[query.pageId ?? 'first']!; } };
    const search = new ConversationSearch('parser', 3);
    await search.run(api);
    assert.deepEqual(asked, [{ text: 'parser', limit: 20 }]);
    assert.equal(search.hasMore, true);
    await search.loadMore(api);
    assert.deepEqual(search.items.map((c) => c.id), ['a', 'b', 'c']);
    assert.equal(search.hasMore, false);
    assert.equal(search.total, 3);
  });

  it('takes fresher states from a poll and drops deleted conversations', async () => {
    const search = new ConversationSearch('parser', undefined);
    await search.run({ searchConversations: async () => ({ items: [summary('a', 'running'), summary('b')], nextPageId: null }) });
    search.update(new Map([['a', summary('a', 'finished')]]), new Set(['b']));
    assert.deepEqual(search.items.map((c) => [c.id, c.state]), [['a', 'finished']]);
  });
});
