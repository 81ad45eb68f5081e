import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localServerUrl, withLocalServer } from '../../../src/core/localServer/serverEntry';

describe('the local agent server in openhands.servers', () => {
  it('is added at the end, the person\'s servers kept as they were', () => {
    const team = { name: 'Team', url: 'https://openhands.example.com', note: 'kept' };
    assert.deepEqual(withLocalServer([team], 'This machine', localServerUrl(43123)), [team, { name: 'This machine', url: 'http://127.0.0.1:43123' }]);
  });

  it('replaces its own entry in place, also after its port changed: never a second one', () => {
    const team = { name: 'Team', url: 'https://openhands.example.com' };
    const other = { name: 'Canvas', url: 'http://127.0.0.1:8000' };
    const list = [team, { name: 'This machine', url: 'http://127.0.0.1:43123/' }, other];
    assert.deepEqual(withLocalServer(list, 'This machine', 'http://127.0.0.1:43123'), [team, { name: 'This machine', url: 'http://127.0.0.1:43123' }, other]);
    assert.deepEqual(withLocalServer(list, 'This machine', 'http://127.0.0.1:45000', 'http://127.0.0.1:43123'),
      [team, { name: 'This machine', url: 'http://127.0.0.1:45000' }, other]);
  });

  it('keeps entries it cannot read (the setting reports them) and is added once', () => {
    const list = ['junk', { url: 'ftp://x' }];
    assert.deepEqual(withLocalServer(list, 'This machine', 'http://127.0.0.1:1'), [...list, { name: 'This machine', url: 'http://127.0.0.1:1' }]);
  });
});
