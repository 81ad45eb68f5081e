// Send This Folder's snapshot: the folder's working tree as git sees it (tracked files with their edits, untracked
// files that are not ignored, deletions; never ignored files or .git internals) as one commit on top of the local
// HEAD, in one git bundle in a temporary file. The person's index, refs, stash and files are never touched: the
// commit is made through a temporary index and object store (scratchRepo.ts).
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gitRunner, type GitRunner } from '../changes/gitRunner';
import { listFolderFiles, secretLooking } from './folderFiles';
import { openScratchRepo, type ScratchRepo } from './scratchRepo';
import { nulSeparated } from './snapshotGit';

export interface FolderScan {
  readonly fileCount: number;
  readonly totalBytes: number;
  /** Relative paths (with `/`) of files that are not ignored and whose names look like secrets. */
  readonly secretLooking: readonly string[];
  /** The secret-looking files' size together: what Leave Them Out keeps back. */
  readonly secretBytes: number;
  /** Where one file is over LARGE_FILE_BYTES, the largest files, largest first (LARGEST_NAMED); else none. */
  readonly largeFiles: readonly SizedFile[];
  /** Submodules and nested repositories: named, never sent. */
  readonly submodules: readonly string[];
  /** Symbolic links whose target is outside the folder (or absolute): named, never sent. */
  readonly symlinksOutside: readonly string[];
  readonly isGitRepo: boolean;
  /** The local branch; undefined for a detached HEAD or a folder without git. */
  readonly branch: string | undefined;
  readonly headCommit: string | undefined;
}

export interface SizedFile {
  readonly path: string;
  readonly bytes: number;
}

/** Over this size a file is a surprise worth naming in the confirmation, with the next largest beside it. */
export const LARGE_FILE_BYTES = 10 * 1024 * 1024;
const LARGEST_NAMED = 5;

export interface FolderSnapshot {
  readonly commit: string;
  /** The branch the sandbox checks the snapshot out on: the local one's name, else SNAPSHOT_BRANCH. */
  readonly branch: string;
  /** The local commit the snapshot stands on; undefined when the bundle holds the snapshot alone. */
  readonly baseCommit: string | undefined;
  readonly withHistory: boolean;
  readonly bundlePath: string;
  readonly bundleBytes: number;
  readonly fileCount: number;
  /** Removes the temporary folder with the bundle. */
  dispose(): Promise<void>;
}

export interface SnapshotOptions {
  /** Relative paths to leave out (the secret-looking files the person chose not to send). */
  readonly leaveOut: readonly string[];
  /** Above this many bytes the bundle holds the snapshot alone, as a root commit, instead of the local history. */
  readonly historyLimitBytes: number;
  readonly signal?: AbortSignal;
  readonly git?: GitRunner;
}

export const SNAPSHOT_BRANCH = 'openhands/snapshot';

export async function scanFolder(folder: string, signal?: AbortSignal, git: GitRunner = gitRunner()): Promise<FolderScan> {
  const scratch = await openScratchRepo(folder, git, signal);
  try {
    const listed = await listFolderFiles(scratch.folder, scratch.inFolder);
    const { branch, headCommit } = await localHead(scratch);
    const secrets = secretLooking(listed.files);
    return {
      fileCount: listed.files.length, totalBytes: listed.totalBytes, secretLooking: secrets,
      secretBytes: secrets.reduce((sum, path) => sum + (listed.sizes.get(path) ?? 0), 0), largeFiles: largeFiles(listed.sizes),
      submodules: listed.submodules, symlinksOutside: listed.symlinksOutside, isGitRepo: scratch.isGitRepo, branch, headCommit,
    };
  } finally {
    await scratch.dispose();
  }
}

/** What Send This Folder sends: every file the scan counts, or all but the secret-looking ones (Leave Them Out). */
export function sentFiles(scan: FolderScan, withSecrets: boolean): { readonly fileCount: number; readonly totalBytes: number } {
  return withSecrets
    ? { fileCount: scan.fileCount, totalBytes: scan.totalBytes }
    : { fileCount: scan.fileCount - scan.secretLooking.length, totalBytes: scan.totalBytes - scan.secretBytes };
}

function largeFiles(sizes: ReadonlyMap<string, number>): SizedFile[] {
  const largest = [...sizes].map(([path, bytes]) => ({ path, bytes }))
    .sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path))
    .slice(0, LARGEST_NAMED);
  return (largest[0]?.bytes ?? 0) > LARGE_FILE_BYTES ? largest : [];
}

export async function makeSnapshot(folder: string, options: SnapshotOptions): Promise<FolderSnapshot> {
  const scratch = await openScratchRepo(folder, options.git ?? gitRunner(), options.signal);
  try {
    const listed = await listFolderFiles(scratch.folder, scratch.inFolder);
    const left = [...options.leaveOut, ...listed.submodules, ...listed.symlinksOutside];
    const head = await localHead(scratch);
    const tree = await writeTree(scratch, head.headCommit, left);
    const fileCount = nulSeparated(await scratch.inFolder(['ls-tree', '-r', '-z', '--name-only', tree])).length;
    const branch = head.branch ?? SNAPSHOT_BRANCH;
    const bundled = await bundleSnapshot(scratch, tree, branch, await historyBase(scratch, head.headCommit, options.leaveOut), options.historyLimitBytes);
    return { ...bundled, branch, fileCount, dispose: () => scratch.dispose() };
  } catch (error) {
    await scratch.dispose();
    throw error;
  }
}

async function localHead(scratch: ScratchRepo): Promise<{ branch: string | undefined; headCommit: string | undefined }> {
  if (!scratch.isGitRepo) return { branch: undefined, headCommit: undefined };
  const branch = await scratch.ask(['symbolic-ref', '-q', '--short', 'HEAD']);
  const headCommit = await scratch.ask(['rev-parse', '-q', '--verify', 'HEAD^{commit}']);
  return { branch: branch || undefined, headCommit: headCommit || undefined };
}

// The temporary index starts from HEAD, so a tracked file stays tracked even where a .gitignore now matches it,
// then takes the working tree (`add -A`: edits, new files, deletions) without what is left out, which is also
// dropped from the index where HEAD had it.
async function writeTree(scratch: ScratchRepo, headCommit: string | undefined, leaveOut: readonly string[]): Promise<string> {
  if (headCommit !== undefined) await scratch.inFolder(['read-tree', headCommit]);
  const excluded = leaveOut.map((path) => `:(exclude,literal)${path}`);
  await scratch.inFolder(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], nulList(['.', ...excluded]));
  if (leaveOut.length > 0) {
    await scratch.inFolder(['--literal-pathspecs', 'rm', '-r', '-q', '--cached', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], nulList(leaveOut));
  }
  return (await scratch.inFolder(['write-tree'])).toString('utf8').trim();
}

// The history travels only where the sandbox can take it whole and it carries nothing the person left out: a
// shallow clone's history has holes a fetch refuses, and a left-out file tracked at HEAD is in that history.
async function historyBase(scratch: ScratchRepo, headCommit: string | undefined, leaveOut: readonly string[]): Promise<string | undefined> {
  if (headCommit === undefined) return undefined;
  if (await scratch.ask(['rev-parse', '--is-shallow-repository']) === 'true') return undefined;
  if (leaveOut.length === 0) return headCommit;
  const tracked = await scratch.inFolder(['--literal-pathspecs', 'ls-tree', '-r', '-z', '--name-only', headCommit, '--', ...leaveOut]);
  return nulSeparated(tracked).length === 0 ? headCommit : undefined;
}

async function bundleSnapshot(scratch: ScratchRepo, tree: string, branch: string, base: string | undefined, limit: number) {
  if (base !== undefined) {
    const withHistory = await bundleCommit(scratch, tree, branch, base);
    if (withHistory.bundleBytes <= limit) return { ...withHistory, baseCommit: base, withHistory: true };
  }
  return { ...await bundleCommit(scratch, tree, branch, undefined), baseCommit: undefined, withHistory: false };
}

async function bundleCommit(scratch: ScratchRepo, tree: string, branch: string, parent: string | undefined) {
  const parentArgs = parent === undefined ? [] : ['-p', parent];
  const message = 'The folder as it was handed to OpenHands';
  const commit = (await scratch.inFolder(['commit-tree', tree, ...parentArgs, '-m', message])).toString('utf8').trim();
  await scratch.inScratch(['update-ref', `refs/heads/${branch}`, commit]);
  const bundlePath = join(scratch.dir, 'snapshot.bundle');
  // No delta search: the packed history's deltas are reused as they are, and searching the new objects for deltas
  // took three times as long as the whole bundle for 2,000 files of 20 MB, to save under 3 % of its size.
  await scratch.inScratch(['-c', 'pack.window=0', 'bundle', 'create', '-q', bundlePath, `refs/heads/${branch}`]);
  return { commit, bundlePath, bundleBytes: (await stat(bundlePath)).size };
}

function nulList(entries: readonly string[]): Uint8Array {
  return Buffer.from(entries.map((entry) => `${entry}\0`).join(''), 'utf8');
}

/**
 * The one shell command, run in the sandbox's workspace, that makes the snapshot its HEAD on the branch; the
 * remote-tracking ref matters: the servers measure changes against `origin/<current branch>`, and without it every
 * file of the folder would be listed as added. The workspace is made a repository of its own first: a server inits
 * it only where git finds no repository around it, and an agent server's workspace under a HOME kept in git (a
 * dotfiles repository) would otherwise have the checkout move that repository's branch. In a workspace the server
 * inited, `git init` changes nothing.
 */
export function unpackCommand(snapshot: Pick<FolderSnapshot, 'branch'>, bundleRemotePath: string): string {
  const ref = shellQuoted(`refs/heads/${snapshot.branch}`);
  return `git init -q && git fetch -q ${shellQuoted(bundleRemotePath)} ${ref} && git checkout -q -B ${shellQuoted(snapshot.branch)} FETCH_HEAD`
    + ` && git update-ref ${shellQuoted(`refs/remotes/origin/${snapshot.branch}`)} FETCH_HEAD`;
}

function shellQuoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
