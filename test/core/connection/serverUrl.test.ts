import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLoopbackUrl, normalizeServerUrl, sendsKeyInClear } from '../../../src/core/connection/serverUrl';

describe('normalizeServerUrl', () => {
  it('gives one form for the ways a person writes the same server', () => {
    for (const input of ['http://localhost:3000', 'http://LOCALHOST:3000/', ' http://localhost:3000/api ', 'http://localhost:3000/?x=1#y']) {
      assert.deepEqual(normalizeServerUrl(input), { ok: true, url: 'http://localhost:3000' }, input);
    }
    assert.deepEqual(normalizeServerUrl('https://oh.example.com:443/openhands/'), { ok: true, url: 'https://oh.example.com/openhands' });
  });

  it('refuses what cannot be a server URL, saying why', () => {
    const problems = ['', 'localhost:3000', 'ftp://host', 'http://user:key@host', 'http://'];
    for (const input of problems) assert.equal(normalizeServerUrl(input).ok, false, input);
  });

  it('knows loopback hosts', () => {
    assert.equal(isLoopbackUrl('http://127.0.0.1:3000'), true);
    assert.equal(isLoopbackUrl('http://localhost:3000'), true);
    assert.equal(isLoopbackUrl('http://[::1]:3000'), true);
    assert.equal(isLoopbackUrl('http://10.0.0.5:3000'), false);
  });

  it('asks before a key goes over plain http to another machine, and only then', () => {
    assert.equal(sendsKeyInClear('http://oh.example.com:3000'), true);
    assert.equal(sendsKeyInClear('http://10.0.0.5:3000'), true);
    assert.equal(sendsKeyInClear('https://oh.example.com'), false);
    assert.equal(sendsKeyInClear('http://localhost:3000'), false);
    assert.equal(sendsKeyInClear('http://127.0.0.1:3000'), false);
  });
});
