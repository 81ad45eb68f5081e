// What applying the agent's change does to each local file, decided by content alone (never by commit ids): a
// file still equal to the agent's base takes the agent's version (written, created or deleted); a file already
// equal to the agent's version is left; a file with changes of its own is never overwritten and never given
// conflict markers (the person merges it or skips it); a file whose base or agent content is not known exactly is
// listed with the reason and left. Pure: the contents come in, the decisions go out.
import type { ExactContent, FileChange } from '../../api/model/changes';
import { sameContent } from './contentCompare';
import { checkRelativePath } from './pathSafety';

/** Why a side's content is not known exactly. */
export type UnknownReason =
  | 'binary' | 'not-utf8' | 'base-not-local' | 'no-exact-content' | 'patch-failed' | 'unsafe-path' | 'link';

export interface Unknown {
  readonly unknown: UnknownReason;
}

export type KnownOrNot = ExactContent | Unknown;

/** One path's two sides: the agent's base and the agent's version (null: absent on that side). */
export interface PathContents {
  readonly path: string;
  readonly base: KnownOrNot;
  readonly agent: KnownOrNot;
}

/** What is on disk at a path now. `refused`: a symlink on the way, or not a regular file: never written through. */
export type LocalFile =
  | { readonly kind: 'file'; readonly bytes: Uint8Array }
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly reason: 'symlink' | 'not-a-file' };

export type PathDecision =
  /** The local file is the agent's base: the agent's version replaces it (null: the file is deleted). */
  | { readonly kind: 'take'; readonly path: string; readonly previous: ExactContent; readonly next: ExactContent }
  /** Already the agent's version. */
  | { readonly kind: 'same'; readonly path: string }
  /** The person changed it on their own: merge or skip, their choice. `mergeable`: both sides are text (the base too, or absent). */
  | {
      readonly kind: 'own'; readonly path: string; readonly base: ExactContent; readonly local: ExactContent;
      readonly agent: ExactContent; readonly mergeable: boolean;
    }
  | { readonly kind: 'unavailable'; readonly path: string; readonly reason: UnknownReason | 'symlink' | 'not-a-file' };

export function isUnknown(side: KnownOrNot): side is Unknown {
  return side !== null && !(side instanceof Uint8Array);
}

export function localContent(local: LocalFile): ExactContent {
  return local.kind === 'file' ? local.bytes : null;
}

/** The decision for one path from its two sides and what is on disk. */
export function decidePath(contents: PathContents, local: LocalFile): PathDecision {
  const { path, base, agent } = contents;
  if (local.kind === 'refused') return { kind: 'unavailable', path, reason: local.reason };
  if (isUnknown(agent)) return { kind: 'unavailable', path, reason: agent.unknown };
  const mine = localContent(local);
  if (sameContent(mine, agent)) return { kind: 'same', path };
  if (isUnknown(base)) return { kind: 'unavailable', path, reason: base.unknown };
  if (sameContent(mine, base)) return { kind: 'take', path, previous: mine, next: agent };
  return { kind: 'own', path, base, local: mine, agent, mergeable: (base === null || isText(base)) && isText(mine) && isText(agent) };
}

/** The paths one changed file touches: a move is its old path deleted and its new path made. */
export function pathsOf(change: FileChange): readonly string[] {
  return change.status === 'moved' && change.oldPath !== undefined ? [change.oldPath, change.path] : [change.path];
}

/** A file's decisions, one per path it touches. */
export interface FilePlan {
  readonly change: FileChange;
  readonly decisions: readonly PathDecision[];
}

/** The working tree, by paths relative to the workspace folder. `write` makes missing parent folders. */
export interface WorkingTree {
  read(path: string): Promise<LocalFile>;
  write(path: string, bytes: Uint8Array): Promise<void>;
  remove(path: string): Promise<void>;
}

/**
 * Each changed file's decisions against what is on disk. `contents` holds each path's two sides, as the source
 * (the patch computed with git, or the exact texts) knows them; a path it does not hold is not applied.
 */
export async function planFiles(changes: readonly FileChange[], contents: ReadonlyMap<string, PathContents>, tree: WorkingTree): Promise<FilePlan[]> {
  const plans: FilePlan[] = [];
  for (const change of changes) {
    const decisions: PathDecision[] = [];
    for (const path of pathsOf(change)) {
      if (!checkRelativePath(path).ok) decisions.push({ kind: 'unavailable', path, reason: 'unsafe-path' });
      else decisions.push(decidePath(contents.get(path) ?? { path, base: NOT_EXACT, agent: NOT_EXACT }, await tree.read(path)));
    }
    plans.push({ change, decisions });
  }
  return plans;
}

const NOT_EXACT: Unknown = { unknown: 'no-exact-content' };

/** Text the merge editor can show: present, UTF-8, no NUL byte. */
function isText(content: ExactContent): boolean {
  if (content === null) return false;
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}
