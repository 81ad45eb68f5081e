// Path safety for the agent's changes: every path the server names (a changes list, a patch header, a diff answer)
// is untrusted. A path is used only when it is a plain relative path inside the workspace folder: no `..`, no
// absolute or drive path, no backslash (a separator on Windows), no empty or `.` segment, no control character and
// nothing inside a `.git` folder (hooks would run code). The changes tree, the diffs and the apply all ask here.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { l10n } from '../../base/l10n';

export type PathRefusal =
  | 'empty' | 'absolute' | 'parent' | 'backslash' | 'dotSegment' | 'control' | 'gitFolder' | 'outside';

export type PathCheck =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly reason: PathRefusal };

const driveLetter = /^[A-Za-z]:/;
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** Checks a `/`-separated path relative to the workspace's root; on success gives it back unchanged. */
export function checkRelativePath(raw: string): PathCheck {
  if (raw.length === 0) return { ok: false, reason: 'empty' };
  if (controlCharacter.test(raw)) return { ok: false, reason: 'control' };
  if (raw.includes('\\')) return { ok: false, reason: 'backslash' };
  if (raw.startsWith('/') || driveLetter.test(raw)) return { ok: false, reason: 'absolute' };
  for (const segment of raw.split('/')) {
    if (segment === '..') return { ok: false, reason: 'parent' };
    if (segment === '' || segment === '.') return { ok: false, reason: 'dotSegment' };
    // `.git` in any case, and with the trailing dots or spaces Windows drops from a name.
    if (/^\.git[. ]*$/i.test(segment)) return { ok: false, reason: 'gitFolder' };
  }
  return { ok: true, path: raw };
}

/** The absolute path of a checked relative path inside `folder`, or the refusal. */
export function resolveInsideFolder(folder: string, raw: string): PathCheck {
  const checked = checkRelativePath(raw);
  if (!checked.ok) return checked;
  const root = path.resolve(folder);
  const target = path.resolve(root, ...checked.path.split('/'));
  return isInside(root, target) ? { ok: true, path: target } : { ok: false, reason: 'outside' };
}

/**
 * As resolveInsideFolder, and the deepest part of the target that exists on disk, symbolic links followed, is still
 * inside the folder (a local `docs` that links to `/etc` would otherwise take a write outside it).
 */
export async function resolveInsideFolderOnDisk(folder: string, raw: string): Promise<PathCheck> {
  const lexical = resolveInsideFolder(folder, raw);
  if (!lexical.ok) return lexical;
  const realRoot = await fs.realpath(path.resolve(folder));
  const existing = await deepestExisting(lexical.path);
  // A dangling link cannot be followed to where a write would land: refused too.
  const realExisting = await fs.realpath(existing).catch(() => undefined);
  const inside = realExisting !== undefined && (realExisting === realRoot || isInside(realRoot, realExisting));
  return inside ? lexical : { ok: false, reason: 'outside' };
}

async function deepestExisting(target: string): Promise<string> {
  let current = target;
  for (;;) {
    try {
      await fs.lstat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** What a person reads about a refused path (the path itself is shown beside it, as untrusted text). */
export function describePathRefusal(reason: PathRefusal): string {
  switch (reason) {
    case 'empty': return l10n.t('The server named a file with an empty path.');
    case 'absolute': return l10n.t('The server named a file by an absolute path; only paths inside the workspace are used.');
    case 'parent': return l10n.t('The server named a file with "..", which could reach outside the workspace folder.');
    case 'backslash': return l10n.t('The server named a file with a backslash, which Windows reads as a folder separator.');
    case 'dotSegment': return l10n.t('The server named a file with an empty or "." folder in its path.');
    case 'control': return l10n.t('The server named a file with a control character in its path.');
    case 'gitFolder': return l10n.t('The server named a file inside a .git folder, which is never written.');
    case 'outside': return l10n.t('The server named a file outside the workspace folder.');
  }
}
