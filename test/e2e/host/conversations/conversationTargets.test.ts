// Where a conversation started from a file points, read from real git repositories through the real git
// extension: repository, provider and branch from the remote and HEAD, and the warnings shown before sending
// (no upstream, commits not pushed, no token on the server for that provider).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { e2eContext, testingApi } from '../../harness/host/support';
import { serverWith, token } from '../../harness/host/conversationSupport';
import { commitFile, folderOutsideGit, gitApi, nestedRepo, removeNestedRepos, setUpstream, waitForGitState } from '../../harness/host/gitRepos';

async function resolve(uri: vscode.Uri) {
  return (await testingApi()).targets.resolve(uri);
}

describe('conversation target of a file', function () {
  this.timeout(60_000);
  after(removeNestedRepos);

  it('with an untitled editor in front and no file given, is the workspace repository: that editor is no file of it', async () => {
    await serverWith({ github: token('github') });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'scratch' }));
    try {
      const target = await (await testingApi()).targets.resolve(undefined);
      assert.equal(target.repository, 'octo/widgets');
      assert.equal(target.root?.fsPath, e2eContext().workspaceFolder);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('is the workspace repository: octo/widgets on github, branch feature/e2e, with no upstream', async () => {
    await serverWith({ github: token('github') });
    const { workspaceFolder, branch } = e2eContext();
    const target = await resolve(vscode.Uri.file(path.join(workspaceFolder, 'src', 'widget.ts')));
    assert.equal(target.repository, 'octo/widgets');
    assert.equal(target.gitProvider, 'github');
    assert.equal(target.branch, branch);
    assert.equal(target.root?.fsPath, workspaceFolder);
    assert.equal(target.remote, 'origin', 'where Push and Start would push');
    assert.deepEqual(target.warnings, [{ kind: 'noUpstream', branch }]);
  });

  it('warns when the server has no token for the provider, and not once it has one', async () => {
    const file = vscode.Uri.file(path.join(e2eContext().workspaceFolder, 'README.md'));
    await serverWith({ gitlab: token('gitlab') });
    assert.deepEqual((await resolve(file)).warnings.filter((w) => w.kind === 'noProviderToken'), [{ kind: 'noProviderToken', provider: 'github' }]);
    await serverWith({ github: token('github') });
    assert.deepEqual((await resolve(file)).warnings.filter((w) => w.kind === 'noProviderToken'), []);
  });

  it('of a nested GitLab clone with subgroups is the full path on gitlab, on its own branch', async () => {
    await serverWith({ gitlab: token('gitlab') });
    const repo = nestedRepo('gitlab', 'api', 'git@gitlab.com:acme/platform/backend/api.git', 'fix/login');
    setUpstream(repo);
    // Made after the git extension scanned the workspace: it has not opened this repository.
    const target = await resolve(repo.uri('src/widget.ts'));
    assert.equal(target.repository, 'acme/platform/backend/api');
    assert.equal(target.gitProvider, 'gitlab');
    assert.equal(target.branch, 'fix/login');
    assert.equal(target.root?.fsPath, repo.folder);
    assert.deepEqual(target.warnings, []);
  });

  it('of a self-hosted GitLab over https keeps every subgroup', async () => {
    await serverWith({ gitlab: { ...token('gitlab'), host: 'gitlab.example.test' } });
    const repo = nestedRepo('selfhosted', 'tools', 'https://gitlab.example.test/infra/ci/shared/tools.git', 'main-fix');
    setUpstream(repo);
    const target = await resolve(repo.uri('README.md'));
    assert.equal(target.repository, 'infra/ci/shared/tools');
    assert.equal(target.gitProvider, 'gitlab');
    assert.deepEqual(target.warnings, []);
  });

  it('warns about commits not pushed to the upstream, with their number', async () => {
    await serverWith({ github: token('github') });
    const repo = nestedRepo('github', 'gadgets', 'https://github.com/octo/gadgets.git', 'feature/ahead');
    setUpstream(repo);
    commitFile(repo, 'one.txt', 'one\n');
    const once = await resolve(repo.uri('one.txt'));
    assert.equal(once.repository, 'octo/gadgets');
    assert.deepEqual(once.warnings, [{ kind: 'unpushed', branch: 'feature/ahead', commits: 1 }]);
    // Committing again while the repository is open: the git extension's state follows, and so does the warning.
    commitFile(repo, 'two.txt', 'two\n');
    await waitForGitState(repo.folder, (r) => r.state.HEAD?.ahead === 2, 'two commits ahead');
    assert.deepEqual((await resolve(repo.uri('two.txt'))).warnings, [{ kind: 'unpushed', branch: 'feature/ahead', commits: 2 }]);
    setUpstream(repo); // pushed
    await waitForGitState(repo.folder, (r) => r.state.HEAD?.ahead === 0, 'nothing ahead');
    assert.deepEqual((await resolve(repo.uri('two.txt'))).warnings, []);
  });

  it('warns about a branch without upstream', async () => {
    await serverWith({ github: token('github') });
    const repo = nestedRepo('github', 'local-only', 'git@github.com:octo/local-only.git', 'spike');
    assert.deepEqual((await resolve(repo.uri('README.md'))).warnings, [{ kind: 'noUpstream', branch: 'spike' }]);
  });

  it('of a repository the git extension opened a moment ago, its state not read yet, is that repository', async () => {
    await serverWith({ github: token('github') });
    const repo = nestedRepo('github', 'fresh', 'git@github.com:octo/fresh.git', 'topic');
    const opened = await (await gitApi()).openRepository?.(vscode.Uri.file(repo.folder));
    assert.equal(opened?.state.HEAD, undefined, 'the git extension read the state at once: this test would prove nothing');
    const target = await resolve(repo.uri('README.md'));
    assert.equal(target.repository, 'octo/fresh');
    assert.equal(target.branch, 'topic');
  });

  it('of a file in a folder without git has no repository', async () => {
    await serverWith({ github: token('github') });
    const folder = folderOutsideGit();
    try {
      const file = path.join(folder, 'notes.md');
      fs.writeFileSync(file, '# notes\n');
      const target = await resolve(vscode.Uri.file(file));
      assert.deepEqual(
        { repository: target.repository, gitProvider: target.gitProvider, branch: target.branch, warnings: target.warnings },
        { repository: undefined, gitProvider: undefined, branch: undefined, warnings: [] },
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
