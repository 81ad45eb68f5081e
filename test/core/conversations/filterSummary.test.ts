// The filter line's words: how many rows of how many conversations searched, and how they were found.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FilterLine } from '../../../src/core/conversations/conversationLines';
import { filterSummary, filterTooltip } from '../../../src/core/conversations/filterSummary';

const line = (extra: Partial<FilterLine>): FilterLine => ({ text: '', states: [], by: 'loaded', shown: 2, total: undefined, searched: 40, hasMore: true, ...extra });

describe('filterSummary', () => {
  it('Find matched on the rows loaded (no title search: V0, an agent server): N of M searched, or of all M once the list ended', () => {
    assert.equal(filterSummary(line({ text: 'parser' })), '2 of 40 searched with “parser” in the title');
    assert.equal(filterSummary(line({ text: 'parser', hasMore: false })), '2 of all 40 with “parser” in the title');
    assert.match(filterTooltip(line({ text: 'parser' })), /^Matched among the 40 conversations loaded so far: Load More looks further/);
  });

  it('the server\'s title search: its count', () => {
    assert.equal(filterSummary(line({ text: 'parser', by: 'server', total: 7 })), '7 with “parser” in the title');
    assert.match(filterTooltip(line({ by: 'server' })), /^The server searched every conversation's title/);
  });

  it('states listed by the server: the rows so far, no "searched" (every row it sent matches)', () => {
    assert.equal(filterSummary(line({ states: ['running'], by: 'serverStates' })), '2 so far: only Running');
    assert.equal(filterSummary(line({ states: ['running', 'error'], by: 'serverStates', hasMore: false })), '2: only Running, Ended with an error');
    assert.match(filterTooltip(line({ by: 'serverStates' })), /^The server listed the conversations in these states/);
  });

  it('states matched on the rows loaded: N of M searched', () => {
    assert.equal(filterSummary(line({ states: ['finished'] })), '2 of 40 searched: only Finished or stopped');
    assert.equal(filterSummary(line({ states: ['finished'], hasMore: false })), '2 of all 40: only Finished or stopped');
    assert.equal(filterSummary(line({ text: 'x', states: ['finished'] })), '“x” in the title, showing only: Finished or stopped (2)');
  });
});
