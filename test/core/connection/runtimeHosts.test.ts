// `openhands.runtimeHosts` as a hand-edited settings.json may hold it: the patterns of the server in use only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runtimeHostsFor } from '../../../src/core/connection/runtimeHosts';

describe('runtimeHostsFor', () => {
  it('finds the server by its URL as it is normalised (case, trailing slash)', () => {
    const setting = { 'HTTPS://OpenHands.example.com/': ['*.runtime.example.com'], 'https://other.example.com': ['*.x.example.com'] };
    assert.deepEqual(runtimeHostsFor(setting, 'https://openhands.example.com'), ['*.runtime.example.com']);
  });

  it('is empty for another server, a malformed setting or malformed patterns', () => {
    assert.deepEqual(runtimeHostsFor({ 'https://other.example.com': ['*.x.example.com'] }, 'https://openhands.example.com'), []);
    for (const setting of [undefined, null, 'x', [], { 'https://openhands.example.com': '*.runtime.example.com' }, { 'not a url': ['a.b'] }]) {
      assert.deepEqual(runtimeHostsFor(setting, 'https://openhands.example.com'), [], JSON.stringify(setting));
    }
    assert.deepEqual(runtimeHostsFor({ 'https://openhands.example.com': ['*', 'https://a.example.com'] }, 'https://openhands.example.com'), []);
  });
});
