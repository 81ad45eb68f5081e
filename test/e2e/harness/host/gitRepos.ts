// Real git repositories for the conversation suites, made with the git CLI inside the harness's workspace (or
// in a folder outside any repository): any remote, a branch with or without an upstream, commits ahead of it.
// No remote is ever contacted: an upstream is the remote-tracking ref a fetch would have left, written with
// update-ref, so the remotes' hosts only appear as text.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GitApi, GitExtension, GitRepository } from '../../../../src/vscode/git/gitApi';
import { createGitWorkspace, runGit } from '../workspace';
import { e2eContext } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs git in `folder` without any user or system configuration (HOME is the run folder's). */
export function git(folder: string, ...args: string[]): string {
  return runGit(folder, process.env, ...args);
}

export interface TestRepo {
  readonly folder: string;
  readonly branch: string;
  uri(relative: string): vscode.Uri;
}

/** Where the suites put their repositories inside the workspace; removed by removeNestedRepos(). */
export function nestedReposFolder(): string {
  return path.join(e2eContext().workspaceFolder, 'nested-repos');
}

/**
 * A clone-like repository at `<workspace>/nested-repos/<group>/<name>`: two levels below the workspace folder
 * (deeper than the git extension's scan) and made after it scanned, so the git extension has not opened it.
 * README.md and src/widget.ts committed on `main`, `origin` set to
 * `remoteUrl`, `branch` checked out.
 */
export function nestedRepo(group: string, name: string, remoteUrl: string, branch: string): TestRepo {
  const parent = path.join(nestedReposFolder(), group);
  fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  fs.mkdirSync(parent, { recursive: true });
  const { folder } = createGitWorkspace(parent, process.env, { name, remoteUrl, branch });
  return { folder, branch, uri: (relative) => vscode.Uri.file(path.join(folder, relative)) };
}

/** Closes the nested repositories the git extension opened (it would keep running git in them), then deletes them. */
export async function removeNestedRepos(): Promise<void> {
  const folder = nestedReposFolder();
  for (const repo of (await gitApi()).repositories) {
    if (!path.relative(folder, repo.rootUri.fsPath).startsWith('..')) await vscode.commands.executeCommand('git.close', repo.rootUri);
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

/** Gives the checked-out branch an upstream on origin at `commit`, as a push and fetch would have. */
export function setUpstream(repo: TestRepo, commit = 'HEAD'): void {
  git(repo.folder, 'update-ref', `refs/remotes/origin/${repo.branch}`, commit);
  git(repo.folder, 'branch', `--set-upstream-to=origin/${repo.branch}`, repo.branch);
}

export function commitFile(repo: TestRepo, relative: string, content: string): void {
  fs.writeFileSync(path.join(repo.folder, relative), content);
  git(repo.folder, 'add', relative);
  git(repo.folder, 'commit', '--quiet', '-m', `Change ${relative}`);
}

/** A new folder that no git repository contains (checked with git itself); the caller removes it. */
export function folderOutsideGit(): string {
  for (const base of [os.tmpdir(), '/tmp', os.homedir()]) {
    const folder = fs.mkdtempSync(path.join(base, 'oh-e2e-no-git-'));
    try {
      git(folder, 'rev-parse', '--show-toplevel');
    } catch {
      return folder; // not a git repository, nor inside one
    }
    fs.rmSync(folder, { recursive: true, force: true });
  }
  throw new Error('found no folder outside every git repository (tmpdir, /tmp and the home folder are all inside one)');
}

export async function gitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) throw new Error('the built-in git extension is missing');
  return (await extension.activate()).getAPI(1);
}

/**
 * Waits until the git extension has `folder` open as a repository and its state passes `ready` (it reads git's
 * files on its own schedule after a change). Opens nothing itself: finding a repository is the extension's job.
 */
export async function waitForGitState(folder: string, ready: (repo: GitRepository) => boolean, what: string, timeoutMs = 20_000): Promise<GitRepository> {
  const api = await gitApi();
  const root = vscode.Uri.file(folder);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const repo = api.repositories.find((r) => r.rootUri.fsPath === root.fsPath);
    if (repo) {
      await repo.status();
      if (ready(repo)) return repo;
    }
    if (Date.now() > deadline) {
      const head = repo ? JSON.stringify(repo.state.HEAD) : 'not open';
      throw new Error(`the git extension did not see ${what} in ${folder} within ${timeoutMs / 1000} s (HEAD: ${head})`);
    }
    await sleep(200);
  }
}
