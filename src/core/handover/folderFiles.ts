// What of a folder git would hand over: the tracked and the untracked-not-ignored paths, with what must stay
// behind named (submodules and nested repositories, links that point outside the folder) and the files that look
// like secrets picked out for the person to decide on.
import { lstat, readlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { nulSeparated, type BoundGit } from './snapshotGit';

export interface FolderFiles {
  readonly files: readonly string[];
  /** Each listed file's size in bytes, by its path. */
  readonly sizes: ReadonlyMap<string, number>;
  readonly totalBytes: number;
  readonly submodules: readonly string[];
  readonly symlinksOutside: readonly string[];
}

const GITLINK_MODE = '160000';

export async function listFolderFiles(folder: string, git: BoundGit): Promise<FolderFiles> {
  const staged = nulSeparated(await git(['ls-files', '-z', '-s']));
  const untracked = nulSeparated(await git(['ls-files', '-z', '-o', '--exclude-standard']));
  const submodules: string[] = [];
  const candidates = new Set<string>();
  for (const line of staged) {
    const tab = line.indexOf('\t');
    const path = line.slice(tab + 1);
    if (line.startsWith(GITLINK_MODE)) submodules.push(path);
    else candidates.add(path);
  }
  for (const path of untracked) {
    // ls-files names a nested repository as its folder with a trailing slash and does not descend into it.
    if (path.endsWith('/')) submodules.push(path.slice(0, -1));
    else candidates.add(path);
  }
  return await measure(folder, [...candidates].sort(), submodules.sort());
}

async function measure(folder: string, candidates: readonly string[], submodules: readonly string[]): Promise<FolderFiles> {
  const files: string[] = [];
  const sizes = new Map<string, number>();
  const symlinksOutside: string[] = [];
  let totalBytes = 0;
  for (const path of candidates) {
    const absolute = join(folder, path);
    const stats = await lstat(absolute).catch(() => undefined);
    if (stats === undefined) continue; // deleted in the working tree
    if (stats.isSymbolicLink() && pointsOutside(folder, absolute, await readlink(absolute))) {
      symlinksOutside.push(path);
      continue;
    }
    files.push(path);
    sizes.set(path, stats.size);
    totalBytes += stats.size;
  }
  return { files, sizes, totalBytes, submodules, symlinksOutside };
}

// An absolute target points outside too: in the sandbox the folder lives elsewhere, so it would name another file.
function pointsOutside(folder: string, link: string, target: string): boolean {
  if (isAbsolute(target)) return true;
  const fromFolder = relative(folder, resolve(dirname(link), target));
  return fromFolder === '..' || fromFolder.startsWith(`..${sep}`) || isAbsolute(fromFolder);
}

const SECRET_NAMES: readonly RegExp[] = [
  /^\.env($|\.(?!example$|sample$|template$|dist$))/i, /\.pem$/i, /\.key$/i, /^id_(rsa|dsa|ecdsa|ed25519)/i, /\.p12$/i, /\.pfx$/i, /\.keystore$/i, /\.jks$/i,
  /^\.npmrc$/i, /^\.pypirc$/i, /^\.netrc$/i, /^_netrc$/i, /^\.git-credentials$/i, /^\.htpasswd$/i,
  /^credentials(\.[a-z]+)?$/i, /secrets?\.(json|ya?ml|toml)$/i, /^\.dockercfg$/i, /^kubeconfig$/i,
];

/** The files whose names look like they hold secrets (keys, tokens, passwords); `.env.example` and its kin are meant to be shared. */
export function secretLooking(files: readonly string[]): string[] {
  return files.filter((path) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return SECRET_NAMES.some((pattern) => pattern.test(name));
  });
}
