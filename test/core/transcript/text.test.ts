// Trimming and folding long texts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldText, trimText, TEXT_CAP } from '../../../src/core/transcript/text';

describe('trimText', () => {
  it('keeps a text under the cap and cuts one over it at 1 MB, saying its full length', () => {
    assert.deepEqual(trimText('hello'), { text: 'hello', trimmed: false, fullLength: 5 });
    const huge = 'x'.repeat(TEXT_CAP + 10);
    const trimmed = trimText(huge);
    assert.equal(trimmed.text.length, TEXT_CAP);
    assert.equal(trimmed.trimmed, true);
    assert.equal(trimmed.fullLength, TEXT_CAP + 10);
  });

  it('never splits a surrogate pair', () => {
    assert.equal(trimText('ab😀c', 3).text, 'ab');
    assert.equal(trimText('ab😀c', 4).text, 'ab😀');
  });
});

describe('foldText', () => {
  const limits = { maxLines: 5, edgeLines: 2, edgeChars: 100, cap: 1_000 };

  it('leaves a short output as it is', () => {
    const folded = foldText('one\ntwo\nthree', limits);
    assert.deepEqual({ ...folded, full: undefined }, { head: 'one\ntwo\nthree', tail: '', hiddenLines: 0, folded: false, full: undefined });
    assert.equal(folded.full.text, 'one\ntwo\nthree');
  });

  it('folds a long output to its first and last lines, keeping all of it for show all', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const folded = foldText(text, limits);
    assert.equal(folded.head, 'line 0\nline 1');
    assert.equal(folded.tail, 'line 8\nline 9');
    assert.equal(folded.hiddenLines, 6);
    assert.equal(folded.folded, true);
    assert.equal(folded.full.text, text);
  });

  it('folds one huge line by characters and caps what show all holds', () => {
    const folded = foldText('y'.repeat(5_000), limits);
    assert.equal(folded.folded, true);
    assert.ok(folded.head.length <= 100 && folded.tail.length <= 100);
    assert.deepEqual([folded.full.text.length, folded.full.trimmed, folded.full.fullLength], [1_000, true, 5_000]);
  });
});
