// The temporary copy Check Changes runs the person's task in: the conversation's base with the agent's exact patch
// applied, in a folder of its own under one root (the extension's global storage), never in the person's folder.
// `git clone --shared --no-checkout` borrows the person's objects read-only (alternates) and writes only into the
// copy: the person's repository gains no worktree entry, ref, object, stash or index change. Measured on a
// 2,000-file repository it was the fastest way to a checkout (bench/checkCopy.ts). The copy's `origin` is
// removed, so a task that pushes cannot push into the person's repository by that name.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { l10n } from '../../base/l10n';
import type { GitRunner } from '../changes/gitRunner';

export interface CopyRequest {
  /** The person's workspace folder (the repository's root or a folder inside it). */
  readonly folder: string;
  /** Where copies live: one folder per copy is made in it. */
  readonly root: string;
  /** The agent's exact patch (`git diff --binary`), paths relative to the repository's root. */
  readonly patch: Uint8Array;
  /**
   * What the patch is against, first found first: the base commit where the server named it, the ref it was read
   * against (`origin/main`: the person's own remote-tracking ref stands in for the agent's clone's).
   */
  readonly base: readonly string[];
  /** A git bundle that holds the base (Send This Folder's snapshot), fetched into the copy only. */
  readonly bundle?: string;
  readonly signal?: AbortSignal;
}

export interface CheckCopy {
  /** The copy's repository root. */
  readonly dir: string;
  /** Where the task runs: the person's folder's place in the copy. */
  readonly cwd: string;
  /** The commit checked out before the patch. */
  readonly commit: string;
  /** True where the base commit is not in the person's repository, so the patch went onto its HEAD. */
  readonly onHead: boolean;
  dispose(): Promise<void>;
}

export type CopyFailure = 'no-repository' | 'no-commit' | 'patch-refused' | 'git-failed';

export class CheckCopyError extends Error {
  constructor(readonly failure: CopyFailure, message: string) {
    super(message);
    this.name = 'CheckCopyError';
  }
}

/** The folder of the global storage that holds the copies. */
export const CHECKS_FOLDER = 'checks';

/** The prefix of a copy's folder: its owner's process id, so the next start removes only copies nobody runs in. */
const PREFIX = 'check-';

export async function makeCheckCopy(git: GitRunner, request: CopyRequest): Promise<CheckCopy> {
  const { folder, signal } = request;
  const top = await answer(git, ['rev-parse', '--show-toplevel'], folder, signal);
  if (top === undefined) throw new CheckCopyError('no-repository', l10n.t('{0} is not in a git repository: Check Changes copies the repository to run your task on the agent\'s changes.', folder));
  await mkdir(request.root, { recursive: true });
  const holder = await mkdtemp(join(request.root, `${PREFIX}${process.pid}-`));
  const dispose = () => removeCopy(holder);
  try {
    const dir = join(holder, 'repo');
    await must(git, ['clone', '--quiet', '--shared', '--no-checkout', '--', top, dir], holder, signal);
    await must(git, ['remote', 'remove', 'origin'], dir, signal);
    // Its objects only, whatever refs it holds: Send This Folder's bundle holds a branch and no HEAD, which a fetch
    // of the bundle's default asks for (the real 1.11.0's check failed with "couldn't find remote ref HEAD").
    if (request.bundle) await must(git, ['bundle', 'unbundle', request.bundle], dir, signal);
    const { commit, onHead } = await baseOf(git, [dir, top], request.base, signal);
    // Parallel checkout (a worker per core): never slower than one worker in bench/checkCopy.ts, faster where cores are free.
    await must(git, ['-c', 'checkout.workers=0', 'checkout', '--quiet', '--detach', commit], dir, signal);
    await checkOutSubmodules(git, dir, top, signal);
    const applied = await git(['apply', '--binary', '--whitespace=nowarn', '-'], { cwd: dir, input: request.patch, signal });
    if (applied.code !== 0) {
      throw new CheckCopyError('patch-refused', l10n.t('The agent\'s changes do not apply to commit {0}: {1}', commit.slice(0, 12), applied.stderr.trim()));
    }
    // The folder's place in the copy, where the base has it (a folder the agent's work adds or the person's only: the root).
    const inside = relative(await realpath(top), await realpath(folder));
    const cwd = inside && !inside.startsWith('..') && existsSync(join(dir, inside)) ? join(dir, inside) : dir;
    return { dir, cwd, commit, onHead, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The first base the copy has (the person's objects, or the bundle's) or the person's repository names (its refs,
 * only read), else the person's HEAD. Names come from the server: only plain commit ids and ref names are asked.
 */
async function baseOf(git: GitRunner, [dir, person]: readonly [string, string], wanted: readonly string[], signal: AbortSignal | undefined): Promise<{ commit: string; onHead: boolean }> {
  for (const name of wanted.filter((n) => /^[\w][\w./-]*$/.test(n) && !n.includes('..'))) {
    for (const cwd of [dir, person]) {
      const found = await answer(git, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`], cwd, signal);
      if (found) return { commit: found, onHead: false };
    }
  }
  const head = await answer(git, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], dir, signal);
  if (!head) throw new CheckCopyError('no-commit', l10n.t('The repository has no commit to apply the agent\'s changes to.'));
  return { commit: head, onHead: true };
}

/**
 * The base's submodules at the commits it records, each a shared clone of the person's own submodule (their edits
 * in it, committed or not, stay theirs); one the person has not checked out, or without that commit, stays empty.
 */
async function checkOutSubmodules(git: GitRunner, dir: string, top: string, signal: AbortSignal | undefined): Promise<void> {
  const staged = (await answer(git, ['ls-files', '--stage', '-z'], dir, signal)) ?? '';
  for (const [, commit, path] of staged.matchAll(/(?:^|\0)160000 ([0-9a-f]+) 0\t([^\0]+)/g)) {
    const source = join(top, path!);
    if (!existsSync(join(source, '.git'))) continue;
    const into = join(dir, path!);
    const cloned = await git(['clone', '--quiet', '--shared', '--no-checkout', '--', source, into], { cwd: dir, signal });
    if (cloned.code === 0) await git(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit!], { cwd: into, signal });
  }
}

/** Removes a copy; a file still open (Windows) gets a few tries. */
export async function removeCopy(holder: string): Promise<void> {
  await rm(holder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

/**
 * Removes the copies a crash or a closed window left: those whose owning process no longer runs. A copy of another
 * window, whose check runs now, stays.
 */
export async function removeLeftovers(root: string, running: (pid: number) => boolean = processRuns): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(/^check-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    await removeCopy(join(root, name));
    removed.push(name);
  }
  return removed;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function answer(git: GitRunner, args: readonly string[], cwd: string, signal: AbortSignal | undefined): Promise<string | undefined> {
  const result = await git(args, { cwd, signal });
  signal?.throwIfAborted();
  return result.code === 0 ? result.stdout.toString('utf8').trim() : undefined;
}

async function must(git: GitRunner, args: readonly string[], cwd: string, signal: AbortSignal | undefined): Promise<void> {
  const result = await git(args, { cwd, signal });
  signal?.throwIfAborted();
  if (result.code !== 0) throw new CheckCopyError('git-failed', l10n.t('git {0} failed: {1}', args[0] ?? '', result.stderr.trim() || l10n.t('it gave no message')));
}
