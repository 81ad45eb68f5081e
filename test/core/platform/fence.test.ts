// The fence around verbatim text: longer than any run of backticks inside.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fenceFor } from '../../../src/core/platform/fence';

describe('fenceFor', () => {
  it('three backticks for plain lines, one more than the longest run inside otherwise', () => {
    assert.equal(fenceFor(['plain']), '```');
    assert.equal(fenceFor(['a ```` b', '`x`']), '`````');
    assert.equal(fenceFor([]), '```');
  });
});
