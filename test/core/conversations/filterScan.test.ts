// Filter by State where the server cannot filter by state (issue 42, item 7): pages are loaded until the filter
// has a page of matches or the list ends, with progress, and a cancel stops it between pages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE_SIZE } from '../../../src/core/conversations/conversationFeed';
import { loadUntilMatches, type ScanSource } from '../../../src/core/conversations/filterScan';

/** A list of `total` conversations, every `every`-th one matching, loaded a page at a time. */
function list(total: number, every: number): ScanSource & { loaded: number; pages: number } {
  return {
    loaded: PAGE_SIZE,
    pages: 0,
    matches() { return Math.floor(this.loaded / every); },
    searched() { return this.loaded; },
    hasMore() { return this.loaded < total; },
    async loadMore() { this.loaded = Math.min(total, this.loaded + PAGE_SIZE); this.pages++; },
  };
}

describe('loadUntilMatches', () => {
  it('loads pages until a page of matches is shown, saying how many were searched before each', async () => {
    const source = list(300, 10); // 2 matches a page: 0 of 296 until 14 Load More clicks, as issue 42 saw
    const said: number[] = [];
    const end = await loadUntilMatches(source, (n) => said.push(n), new AbortController().signal);
    assert.equal(end, 'found');
    assert.ok(source.matches() >= PAGE_SIZE, `${source.matches()} matches`);
    assert.equal(source.loaded, 220, 'the 2 matches of the first page, and a page more');
    assert.deepEqual(said, Array.from({ length: 10 }, (_, i) => (i + 1) * PAGE_SIZE));
  });

  it('stops where the list ends, with fewer matches', async () => {
    const source = list(90, 30);
    assert.equal(await loadUntilMatches(source, () => undefined, new AbortController().signal), 'ended');
    assert.equal(source.loaded, 90);
    assert.equal(source.matches(), 3);
  });

  it('asks for a page more than shown when it begins: a second Load More finds the next page of matches', async () => {
    const source = list(1000, 2);
    await loadUntilMatches(source, () => undefined, new AbortController().signal);
    const first = source.matches();
    await loadUntilMatches(source, () => undefined, new AbortController().signal);
    assert.ok(source.matches() >= first + PAGE_SIZE);
  });

  it('stops between pages once cancelled', async () => {
    const source = list(1000, 1000);
    const cancel = new AbortController();
    const end = await loadUntilMatches(source, (n) => { if (n >= 3 * PAGE_SIZE) cancel.abort(); }, cancel.signal);
    assert.equal(end, 'cancelled');
    assert.equal(source.pages, 3, 'the page asked when it was cancelled is the last');
  });
});
