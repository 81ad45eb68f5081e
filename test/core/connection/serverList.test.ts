import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseServers, serverChoices } from '../../../src/core/connection/serverList';

describe('parseServers', () => {
  it('normalizes each URL, names an unnamed server by its URL, keeps a URL once', () => {
    const { servers, problems } = parseServers([
      { name: ' Local ', url: 'http://LOCALHOST:3000/api/' },
      { url: 'https://team.example.com' },
      { name: 'Again', url: 'http://localhost:3000' },
    ]);
    assert.deepEqual(servers, [
      { name: 'Local', url: 'http://localhost:3000' },
      { name: 'https://team.example.com', url: 'https://team.example.com' },
    ]);
    assert.deepEqual(problems, []);
  });

  it('leaves out what is not a usable server and says which entry and why', () => {
    const { servers, problems } = parseServers([{ name: 'x', url: 'ftp://host' }, 'http://a', null, { name: 'k', url: 'http://u:p@host' }]);
    assert.deepEqual(servers, []);
    assert.equal(problems.length, 4);
    assert.match(problems[0]!, /^openhands\.servers\[0\]: .*http:\/\//);
    assert.match(problems[3]!, /^openhands\.servers\[3\]: .*user name and password/);
  });

  it('reads a setting that is not a list as no servers', () => {
    assert.deepEqual(parseServers({ url: 'http://localhost:3000' }), { servers: [], problems: [] });
  });
});

describe('serverChoices', () => {
  const listed = [{ name: 'Local', url: 'http://localhost:3000' }, { name: 'Team', url: 'https://team.example.com' }];

  it('marks the current server', () => {
    assert.deepEqual(serverChoices(listed, 'https://team.example.com').map((c) => c.current), [false, true]);
  });

  it('offers the current URL first when the list lacks it, so it can be switched back to', () => {
    const choices = serverChoices(listed, 'http://127.0.0.1:3000');
    assert.deepEqual(choices[0], { name: 'http://127.0.0.1:3000', url: 'http://127.0.0.1:3000', current: true });
    assert.equal(choices.length, 3);
  });
});
