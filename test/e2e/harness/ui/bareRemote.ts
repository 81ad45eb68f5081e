// A workspace whose remote is a real bare repository on this machine, for Push and Start: the clone's `origin`
// is https://github.com/acme/widgets.git, so the extension sees a GitHub repository, and git's
// `url.<bare>.insteadOf` sends every fetch and push of that URL to the bare repository instead. Nothing leaves
// the machine. Each repository gets its own folder in the run folder, and the workbench is opened on it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { E2eContext } from '../context';
import type { Workbench } from '../workbench';
import { createGitWorkspace, runGit } from '../workspace';

export const GITHUB_URL = 'https://github.com/acme/widgets.git';

export interface BareRemoteRepo {
  readonly folder: string;
  readonly bare: string;
  readonly branch: string;
  /** git in the clone. */
  git(...args: string[]): string;
  /** The commit `ref` names in the bare repository (git --git-dir <bare> rev-parse), or undefined when it has none. */
  remoteRev(ref: string): string | undefined;
  /** Commits `file` in the clone. */
  commit(file: string, content: string): void;
  /** Pushes a commit to the bare repository's `branch` from another clone: the remote gets work the clone lacks. */
  commitElsewhere(file: string, content: string): void;
}

// The harness's own git identity and no user configuration: the git of the person running the tests stays out.
const env = (): NodeJS.ProcessEnv => ({ ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' });

/**
 * `<run folder>/bare-remotes/<name>/`: remote.git (bare, holding main) and widgets, a clone-like repository on
 * `branch` that has never been pushed. `pushDelaySeconds` makes the bare repository's pre-receive hook wait,
 * so a push's progress can be seen.
 */
export function bareRemoteRepo(context: E2eContext, name: string, branch: string, { pushDelaySeconds = 0 } = {}): BareRemoteRepo {
  const parent = path.join(context.runFolder, 'bare-remotes', name);
  fs.rmSync(parent, { recursive: true, force: true });
  fs.mkdirSync(parent, { recursive: true });
  const bare = path.join(parent, 'remote.git');
  runGit(parent, env(), 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  const { folder } = createGitWorkspace(parent, env(), { name: 'widgets', remoteUrl: GITHUB_URL, branch });
  const git = (...args: string[]) => runGit(folder, env(), ...args);
  git('config', `url.${bare}.insteadOf`, GITHUB_URL);
  git('push', '--quiet', 'origin', 'main');
  if (pushDelaySeconds > 0) {
    fs.writeFileSync(path.join(bare, 'hooks', 'pre-receive'), `#!/bin/sh\nsleep ${pushDelaySeconds}\n`, { mode: 0o755 });
  }
  const commitIn = (dir: string, file: string, content: string) => {
    fs.writeFileSync(path.join(dir, file), content);
    runGit(dir, env(), 'add', file);
    runGit(dir, env(), 'commit', '--quiet', '-m', `Change ${file}`);
  };
  return {
    folder, bare, branch, git,
    remoteRev: (ref) => {
      try {
        return runGit(parent, env(), '--git-dir', bare, 'rev-parse', '--verify', '--quiet', ref);
      } catch {
        return undefined;
      }
    },
    commit: (file, content) => commitIn(folder, file, content),
    commitElsewhere: (file, content) => {
      const other = path.join(parent, 'elsewhere');
      runGit(parent, env(), 'clone', '--quiet', '--branch', branch, bare, other);
      commitIn(other, file, content);
      runGit(other, env(), 'push', '--quiet', 'origin', branch);
    },
  };
}

/** Reloads the workbench on `folder` (same server, same extension under test) and waits for the extension. */
export async function openFolder(workbench: Workbench, folder: string): Promise<void> {
  const url = new URL(workbench.page.url());
  url.searchParams.set('folder', folder);
  await workbench.open(url.toString());
}
