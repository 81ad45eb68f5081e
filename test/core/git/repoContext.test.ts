import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseRemote, preflightWarnings, serverWarnings, warningText } from '../../../src/core/git/repoContext';

const origin = { name: 'origin', fetchUrl: 'git@github.com:octo/widgets.git' };
const fork = { name: 'fork', fetchUrl: 'git@github.com:me/widgets.git' };
const upstream = { name: 'upstream', pushUrl: 'https://github.com/octo/widgets.git' };

describe('chooseRemote', () => {
  it('takes the branch upstream remote, then origin, then the only remote, else asks', () => {
    assert.deepEqual(chooseRemote([origin, fork], 'fork'), { kind: 'remote', remote: fork });
    assert.deepEqual(chooseRemote([fork, origin], undefined), { kind: 'remote', remote: origin });
    assert.deepEqual(chooseRemote([fork], 'gone'), { kind: 'remote', remote: fork });
    assert.deepEqual(chooseRemote([fork, upstream], undefined), { kind: 'ask', remotes: [fork, upstream] });
    assert.deepEqual(chooseRemote([{ name: 'empty' }], undefined), { kind: 'none' });
    assert.deepEqual(chooseRemote([], undefined), { kind: 'none' });
  });
});

describe('preflightWarnings', () => {
  const pushed = { name: 'feature/e2e', upstream: { remote: 'origin', name: 'feature/e2e' }, ahead: 0 };
  it('says nothing for a pushed branch the server has a token for', () => {
    assert.deepEqual(preflightWarnings(pushed, 'github', { github: null }), []);
  });

  it('warns about unpushed commits, a missing upstream, a detached HEAD and a missing token', () => {
    assert.deepEqual(preflightWarnings({ ...pushed, ahead: 2 }, 'github', { github: null }), [{ kind: 'unpushed', branch: 'feature/e2e', commits: 2 }]);
    assert.deepEqual(preflightWarnings({ name: 'local' }, 'github', {}), [{ kind: 'noUpstream', branch: 'local' }, { kind: 'noProviderToken', provider: 'github' }]);
    assert.deepEqual(preflightWarnings({}, undefined, null), [{ kind: 'detached' }]);
    assert.match(warningText({ kind: 'unpushed', branch: 'b', commits: 1 }), /1 commit not pushed/);
  });

  it('warns about changes not committed, which the agent would not see on the remote', () => {
    assert.deepEqual(preflightWarnings(pushed, 'github', { github: null }, true), [{ kind: 'uncommitted' }]);
    assert.match(warningText({ kind: 'uncommitted' }), /not committed/);
    assert.equal(warningText({ kind: 'noProviderToken', provider: 'github' }), 'The server has no GitHub token, so it cannot clone the repository.');
  });

  it('a server that clones no repository: that alone is warned about, whatever the branch\'s state', () => {
    const warnings = preflightWarnings({ name: 'b' }, 'github', {}, true);
    assert.deepEqual(serverWarnings(warnings, true), warnings);
    assert.deepEqual(serverWarnings(warnings, false), [{ kind: 'serverClonesNone' }]);
    assert.deepEqual(serverWarnings([], false), [{ kind: 'serverClonesNone' }]);
    assert.match(warningText({ kind: 'serverClonesNone' }), /cannot clone a repository: the agent sees your files only if you send this folder/);
  });

  it('does not guess about tokens when the settings are not loaded', () => {
    assert.deepEqual(preflightWarnings(pushed, 'gitlab', undefined), []);
  });
});
