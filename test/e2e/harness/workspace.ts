// The workspace the tests open: a real git repository made with the git CLI, with an `origin` remote and
// a checked-out feature branch, as a person's clone would have.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface GitWorkspaceOptions {
  name?: string;
  remoteUrl?: string;
  branch?: string;
}

export interface GitWorkspace {
  readonly folder: string;
  readonly remoteUrl: string;
  readonly branch: string;
}

export const DEFAULT_REMOTE_URL = 'git@github.com:octo/widgets.git';
export const DEFAULT_BRANCH = 'feature/e2e';

/** Creates `<parent>/<name>` as a git repository; `env` must carry the run folder's HOME (no user git config). */
export function createGitWorkspace(parent: string, env: NodeJS.ProcessEnv, options: GitWorkspaceOptions = {}): GitWorkspace {
  const folder = path.join(parent, options.name ?? 'widgets');
  const remoteUrl = options.remoteUrl ?? DEFAULT_REMOTE_URL;
  const branch = options.branch ?? DEFAULT_BRANCH;
  fs.mkdirSync(path.join(folder, 'src'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'README.md'), '# widgets\n\nA repository made by the end-to-end tests.\n');
  fs.writeFileSync(path.join(folder, 'src', 'widget.ts'), 'export const widget = (name: string) => `widget ${name}`;\n');
  const git = (...args: string[]) => runGit(folder, env, ...args);
  git('init', '--quiet', '--initial-branch=main');
  git('add', '.');
  git('commit', '--quiet', '-m', 'Initial commit');
  git('remote', 'add', 'origin', remoteUrl);
  git('checkout', '--quiet', '-b', branch);
  return { folder, remoteUrl, branch };
}

/** Runs git in `folder` as the test user, without the system's configuration; returns its trimmed output. */
export function runGit(folder: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=E2E Tester', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args],
    { cwd: folder, env: { ...env, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}
