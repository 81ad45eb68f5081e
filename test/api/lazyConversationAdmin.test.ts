// Renaming, deleting, searching and counting before their module loads: offered per conversations line at once,
// the routes loaded only when one is called.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerApi } from '../../src/api/client';
import { lazyConversationAdmin, type ConversationAdmin } from '../../src/api/lazyConversationAdmin';

const V0: ServerApi = { version: undefined, settings: 'v0', conversations: 'v0' };
const MIXED: ServerApi = { version: '1.6.0', settings: 'v0', conversations: 'v1' };

describe('lazyConversationAdmin', () => {
  it('offers V0 rename and delete, a V1 conversations line search and count besides, and loads nothing to say so', () => {
    let loads = 0;
    const load = async (): Promise<ConversationAdmin> => { loads += 1; return {}; };
    assert.deepEqual(Object.keys(lazyConversationAdmin(V0, load)).sort(), ['deleteConversation', 'renameConversation']);
    assert.deepEqual(Object.keys(lazyConversationAdmin(MIXED, load)).sort(), ['countConversations', 'deleteConversation', 'renameConversation', 'searchConversations']);
    assert.equal(loads, 0);
  });

  it('loads the routes on a call and passes the call on with its arguments', async () => {
    const calls: string[] = [];
    const admin = lazyConversationAdmin(MIXED, async () => ({
      renameConversation: async (id, title) => { calls.push(`rename ${id} ${title}`); },
      countConversations: async (text) => { calls.push(`count ${text}`); return 7; },
    }));
    await admin.renameConversation!('c1', 'New title');
    assert.equal(await admin.countConversations!('bug'), 7);
    assert.deepEqual(calls, ['rename c1 New title', 'count bug']);
  });

  it('lets a failed load fail the call, and the next call load again', async () => {
    let loads = 0;
    const admin = lazyConversationAdmin(V0, async () => {
      loads += 1;
      if (loads === 1) throw new Error('the module did not load');
      return { deleteConversation: async () => undefined };
    });
    await assert.rejects(admin.deleteConversation!('c1'), /did not load/);
    await admin.deleteConversation!('c1');
    assert.equal(loads, 2);
  });
});
