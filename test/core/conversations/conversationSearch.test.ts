// The server's title search: paged, and kept fresh by the view's polls.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationPage, ConversationState, ConversationSummary } from '../../../src/api/model/conversations';
import { ConversationSearch } from '../../../src/core/conversations/conversationSearch';

describe('ConversationSearch', () => {
  const summary = (id: string, state: ConversationState = 'finished'): ConversationSummary => ({
    id, title: `Parser ${id}`, state, repository: null, branch: null, createdAt: null, updatedAt: null, serverStatus: '',
  });

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
