import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isThisMachinesDefault, mayBeLocalServer } from '../../../src/core/connection/thisMachine';
import { localServerUrl } from '../../../src/core/localServer/serverEntry';

describe('this machine\'s server URLs', () => {
  it('knows the local agent server\'s URL by its shape', () => {
    assert.ok(mayBeLocalServer(localServerUrl(43123)));
    for (const url of [undefined, 'http://localhost:43123', 'https://127.0.0.1:43123', 'http://127.0.0.1:43123/api', 'http://127.0.0.1']) assert.ok(!mayBeLocalServer(url), String(url));
  });

  it('counts the default URL, Agent Canvas\'s port and the local server as this machine\'s defaults', () => {
    for (const url of ['http://localhost:3000', 'http://localhost:3000/', 'http://127.0.0.1:8000', 'http://[::1]:3000']) assert.ok(isThisMachinesDefault(url), url);
    assert.ok(isThisMachinesDefault(localServerUrl(43123), localServerUrl(43123)));
    assert.ok(isThisMachinesDefault(`${localServerUrl(43123)}/`, localServerUrl(43123)));
    assert.ok(!isThisMachinesDefault(localServerUrl(43123)), 'another port of 127.0.0.1 (a stand-in, a dev server) is not the local server\'s');
    for (const url of ['http://example.com:3000', 'http://localhost:8080', 'http://localhost', 'not a url', 'http://localhost:3000/sub']) assert.ok(!isThisMachinesDefault(url, localServerUrl(43123)), url);
  });
});
