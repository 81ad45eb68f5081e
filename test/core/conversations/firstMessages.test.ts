// The first messages of unnamed conversations: kept once found, an empty answer or a failure asked again only after
// a while, a few lookups at a time, nothing for a server without the read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationsApi } from '../../../src/api/client';
import { ASK_AGAIN_MS, FirstMessages, LOOKUPS_PER_POLL } from '../../../src/core/conversations/firstMessages';

function server(answers: Record<string, string | Error | undefined>): ConversationsApi & { asked: string[] } {
  const asked: string[] = [];
  const never = () => Promise.reject(new Error('not used'));
  return {
    asked, createConversation: never, listConversations: never, getConversations: never,
    firstMessage: async (id) => {
      asked.push(id);
      const answer = answers[id];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

describe('FirstMessages', () => {
  it('keeps a found message; asks again after an empty answer or a failure only once ASK_AGAIN_MS passed', async () => {
    const api = server({ a: 'Fix it', b: undefined, c: new Error('500') });
    const messages = new FirstMessages();
    assert.equal(await messages.learn(api, ['a', 'b', 'c'], 0, {}), true);
    assert.equal(messages.of('a'), 'Fix it');
    assert.equal(await messages.learn(api, ['a', 'b', 'c'], ASK_AGAIN_MS - 1, {}), false);
    assert.deepEqual(api.asked, ['a', 'b', 'c']);
    assert.equal(await messages.learn(api, ['a', 'b', 'c'], ASK_AGAIN_MS, {}), false);
    assert.deepEqual(api.asked, ['a', 'b', 'c', 'b', 'c']);
    messages.clear();
    assert.equal(messages.of('a'), undefined);
  });

  it(`asks at most ${LOOKUPS_PER_POLL} a time, cuts a long message, stops once aborted, and asks nothing of a server without the read`, async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `id${i}`);
    const api = server(Object.fromEntries(ids.map((id) => [id, `${id} ${'x'.repeat(1000)}`])));
    const messages = new FirstMessages();
    await messages.learn(api, ids, 0, {});
    assert.equal(api.asked.length, LOOKUPS_PER_POLL);
    assert.equal(messages.of('id0')?.length, 300);
    const aborted = new AbortController();
    aborted.abort();
    assert.equal(await messages.learn(api, ids, 0, { signal: aborted.signal }), false);
    assert.equal(api.asked.length, LOOKUPS_PER_POLL, 'nothing asked once aborted');
    assert.equal(await messages.learn({ ...api, firstMessage: undefined }, ids, 0, {}), false);
  });

  it('asks the starts once for every unnamed row (one request), then only the rows they do not name, one at a time', async () => {
    const api = server({ 'cccccccc-0000-4000-8000-000000000003': 'Typed elsewhere' });
    const startsAsked: number[] = [];
    api.startMessages = async () => {
      startsAsked.push(1);
      return new Map([['aaaaaaaa00004000800000000000000a'.toLowerCase(), 'Fix the tests'], ['bbbbbbbb00004000800000000000000b', 'Add a README']]);
    };
    const ids = ['AAAAAAAA-0000-4000-8000-00000000000A', 'bbbbbbbb00004000800000000000000b', 'cccccccc-0000-4000-8000-000000000003'];
    const messages = new FirstMessages();
    assert.equal(await messages.learn(api, ids, 0, {}), true);
    assert.deepEqual(ids.map((id) => messages.of(id)), ['Fix the tests', 'Add a README', 'Typed elsewhere']);
    assert.deepEqual([startsAsked.length, api.asked], [1, ['cccccccc-0000-4000-8000-000000000003']]);
    await messages.learn(api, [...ids, 'dddddddd-0000-4000-8000-000000000004'], ASK_AGAIN_MS, {});
    assert.equal(startsAsked.length, 2, 'a row the starts were not asked for asks them again');
    await messages.learn(api, ['dddddddd-0000-4000-8000-000000000004'], 2 * ASK_AGAIN_MS, {});
    assert.equal(startsAsked.length, 2, 'once for each row');
  });
});
