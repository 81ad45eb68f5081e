import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseBase } from '../../../src/core/changes/base';

const none = { repository: null, branch: null, archiveBaseCommit: null, agentCommitted: false };
const sha = 'c'.repeat(40);

describe('chooseBase', () => {
  it('takes the snapshot a folder was sent as before anything else: the agent\'s work started there', () => {
    assert.deepEqual(chooseBase({ ...none, repository: 'o/r', branch: 'main', archiveBaseCommit: 'd'.repeat(40), sentFolderCommit: sha }), { ref: sha, commit: sha, reason: 'sent-folder' });
    assert.deepEqual(chooseBase({ ...none, sentFolderCommit: null }), { ref: 'HEAD', reason: 'head' });
  });

  it('takes the origin branch of a cloned repository first', () => {
    assert.deepEqual(chooseBase({ ...none, repository: 'o/r', branch: 'main', archiveBaseCommit: sha }), { ref: 'origin/main', reason: 'origin-branch' });
    assert.deepEqual(chooseBase({ ...none, repository: 'o/r' }), { ref: null, reason: 'server-default' });
  });

  it('then the base commit the agent server named, then HEAD where the agent committed nothing, else the empty tree', () => {
    assert.deepEqual(chooseBase({ ...none, archiveBaseCommit: sha, agentCommitted: true }), { ref: sha, commit: sha, reason: 'archive-base' });
    assert.deepEqual(chooseBase(none), { ref: 'HEAD', reason: 'head' });
    assert.deepEqual(chooseBase({ ...none, agentCommitted: true }), { ref: null, reason: 'empty-tree' });
  });

  it('where the cloned branch has no origin: the base the agent server named, else HEAD, naming the origin branch it lacks', () => {
    const clone = { ...none, repository: 'o/r', branch: 'feature/trial', originBranchMissing: true };
    assert.deepEqual(chooseBase({ ...clone, archiveBaseCommit: sha }), { ref: sha, commit: sha, reason: 'archive-base', unresolved: 'origin/feature/trial' });
    assert.deepEqual(chooseBase(clone), { ref: 'HEAD', reason: 'head', unresolved: 'origin/feature/trial' });
  });
});
