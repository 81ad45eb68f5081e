import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationSummary } from '../../../src/api/model/conversations';
import { conversationById } from '../../../src/core/changes/shownConversation';

const summary = (id: string, title: string, repository: string | null = null): ConversationSummary =>
  ({ id, title, repository, branch: repository ? 'main' : null, state: 'finished', updatedAt: null } as unknown as ConversationSummary);

describe('conversationById', () => {
  it('takes the listed conversation without asking the server', async () => {
    const asked: string[] = [];
    const shown = await conversationById('a1', [summary('a1', 'Fix the parser', 'acme/widgets')], async (id) => { asked.push(id); return undefined; });
    assert.deepEqual(shown, { id: 'a1', title: 'Fix the parser', repository: 'acme/widgets', branch: 'main' });
    assert.deepEqual(asked, []);
  });

  it('reads one the list has not loaded from the server: its title and repository, not its id', async () => {
    const shown = await conversationById('b2', [summary('a1', 'Fix the parser')], async (id) => summary(id, 'Reword the docs', 'acme/docs'));
    assert.deepEqual(shown, { id: 'b2', title: 'Reword the docs', repository: 'acme/docs', branch: 'main' });
  });

  it('falls back to the id where the server has none or cannot be read', async () => {
    assert.deepEqual(await conversationById('c3', [], async () => undefined), { id: 'c3', title: 'c3', repository: null, branch: null });
    assert.deepEqual(await conversationById('c3', [], async () => { throw new Error('offline'); }), { id: 'c3', title: 'c3', repository: null, branch: null });
  });
});
