// A person's folder for the hand-over tests (issue 30), made the way the snapshot does it (snapshot.ts): a git
// repository on branch `main` with one commit, an uncommitted edit (edited.txt), an untracked file (added.txt),
// an ignored file (ignored.log) and a `.env` left out; the snapshot commit is written through a temporary index
// (the person's index and files untouched), bundled under a temporary ref, and the ref removed again.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const EDITED_TEXT = 'alpha\nbeta edited locally\n';
export const ADDED_TEXT = 'a file never committed\n';
const SNAPSHOT_REF = 'refs/openhands/handover';

export interface TestFolder {
  readonly dir: string;
  readonly commit: string;
  readonly branch: string;
  readonly bundlePath: string;
  readonly bundleBytes: number;
  /** The one command that makes the bundle, uploaded to `remote`, the workspace's checkout (openhands-v1-work.md §8). */
  unpackCommand(remote: string): string;
  remove(): void;
}

export function makeTestFolder(): TestFolder {
  const dir = mkdtempSync(join(tmpdir(), 'handover folder '));
  const git = (args: string[], env: NodeJS.ProcessEnv = {}) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } }).trim();
  git(['-c', 'init.defaultBranch=main', 'init', '-q']);
  git(['config', 'user.email', 'person@example.com']);
  git(['config', 'user.name', 'Person']);
  writeFileSync(join(dir, '.gitignore'), '*.log\n.env\n');
  writeFileSync(join(dir, 'edited.txt'), 'alpha\nbeta\n');
  writeFileSync(join(dir, 'kept.txt'), 'unchanged\n');
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);
  writeFileSync(join(dir, 'edited.txt'), EDITED_TEXT);
  writeFileSync(join(dir, 'added.txt'), ADDED_TEXT);
  writeFileSync(join(dir, 'ignored.log'), 'ignored\n');
  writeFileSync(join(dir, '.env'), 'SECRET=1\n');
  const index = { GIT_INDEX_FILE: join(dir, '.git', 'handover-index') };
  git(['read-tree', 'HEAD'], index);
  git(['add', '-A'], index);
  const tree = git(['write-tree'], index);
  rmSync(index.GIT_INDEX_FILE);
  const commit = git(['commit-tree', tree, '-p', 'HEAD', '-m', 'The folder as it was sent']);
  const bundlePath = join(mkdtempSync(join(tmpdir(), 'handover-bundle-')), 'folder.bundle');
  git(['update-ref', SNAPSHOT_REF, commit]);
  git(['bundle', 'create', '-q', bundlePath, SNAPSHOT_REF]);
  git(['update-ref', '-d', SNAPSHOT_REF]);
  return {
    dir, commit, branch: 'main', bundlePath, bundleBytes: statSync(bundlePath).size,
    // `git init` first: an agent server makes its workspace a repository, but the unpack does not rely on it.
    unpackCommand: (remote) => `git init -q && git fetch -q '${remote}' ${SNAPSHOT_REF} && git checkout -q -B main FETCH_HEAD && git update-ref refs/remotes/origin/main FETCH_HEAD`,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(bundlePath, '..'), { recursive: true, force: true });
    },
  };
}
