// The command that finds a process sandbox's workspace, run by a real shell and git in scratch repositories: it
// prints the physical folder, and marks the empty-tree default base only where no `origin/<x>` could resolve
// (sdk/git/utils.py get_valid_ref) and a branch is checked out (file_router.py asks HEAD for a detached one).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { WORKSPACE_COMMAND } from '../../../src/api/v1/agentWorkspace';

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function repository(setUp: string[][]): string {
  const folder = mkdtempSync(join(tmpdir(), 'workspace-command-'));
  folders.push(folder);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: folder, stdio: 'pipe' });
  git('init', '-q', '-b', 'master');
  writeFileSync(join(folder, 'a.txt'), 'a\n');
  git('add', 'a.txt');
  git('commit', '-q', '-m', 'base');
  for (const args of setUp) git(...args);
  return folder;
}

function said(folder: string): string[] {
  return execFileSync('/bin/sh', ['-c', WORKSPACE_COMMAND], { cwd: folder, encoding: 'utf8' }).split('\n').filter((line) => line !== '');
}

describe('the workspace command', () => {
  it('prints the physical folder and marks a repository on a branch without origin refs', () => {
    const folder = repository([]);
    assert.deepEqual(said(folder), [realpathSync(folder), 'no-origin-ref']);
  });

  it('leaves the mark out where an origin/<x> could resolve, HEAD is detached, or the folder is no repository', () => {
    assert.equal(said(repository([['update-ref', 'refs/remotes/origin/master', 'HEAD']])).length, 1);
    assert.equal(said(repository([['branch', 'origin/feature']])).length, 1);
    assert.equal(said(repository([['tag', 'origin/v1']])).length, 1);
    assert.equal(said(repository([['checkout', '-q', '--detach']])).length, 1);
    const plain = mkdtempSync(join(tmpdir(), 'workspace-command-'));
    folders.push(plain);
    assert.deepEqual(said(plain), [realpathSync(plain)]);
  });
});
