// Finding conversations: the states a filter shows, and the title matched on loaded rows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConversationState } from '../../../src/api/model/conversations';
import type { FeedItem } from '../../../src/core/conversations/conversationFeed';
import { isFiltering, matchesFilter, NO_FILTER, type StateFilter } from '../../../src/core/conversations/conversationFilter';

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
