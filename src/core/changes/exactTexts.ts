// Each changed path's two sides where the agent server cannot be reached: only what is exact is used. The agent's
// side is the app server's text of a UTF-8 file (whose `""` also means "missing", so an empty answer for a file the
// list says exists is not taken as its content, and a text with U+FFFD was not UTF-8); a deleted file's side is its
// absence. The base is known for an added file (absent) and otherwise only where the local repository holds the
// base ref (a cloned repository's `origin/<branch>`). Everything else stays unknown, with its reason.
import type { ChangeList, ExactContent, FileChange } from '../../api/model/changes';
import type { KnownOrNot, PathContents } from './applyPlan';

export interface TextSources {
  /** The agent's text of a workspace file, as the app server answers it ("" also for a missing file). */
  readonly agentText: (path: string) => Promise<string>;
  /** The file at the base, from the local repository; undefined where the base is not known here. */
  readonly localBase: (path: string) => Promise<ExactContent | undefined>;
}

export async function contentsFromTexts(list: ChangeList, sources: TextSources): Promise<Map<string, PathContents>> {
  const contents = new Map<string, PathContents>();
  for (const change of list.files) {
    const agent = change.status === 'deleted' ? null : await agentSide(change, sources);
    if (change.status === 'moved' && change.oldPath !== undefined) {
      contents.set(change.oldPath, { path: change.oldPath, base: await baseSide(change.oldPath, sources), agent: null });
      contents.set(change.path, { path: change.path, base: null, agent });
    } else {
      contents.set(change.path, { path: change.path, base: change.status === 'added' ? null : await baseSide(change.path, sources), agent });
    }
  }
  return contents;
}

async function agentSide(change: FileChange, sources: TextSources): Promise<KnownOrNot> {
  if (change.binary) return { unknown: 'binary' };
  const text = await sources.agentText(change.path).catch(() => '');
  if (text === '') return { unknown: 'no-exact-content' };
  if (text.includes('\uFFFD')) return { unknown: 'not-utf8' };
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

async function baseSide(path: string, sources: TextSources): Promise<KnownOrNot> {
  const base = await sources.localBase(path).catch(() => undefined);
  return base === undefined ? { unknown: 'base-not-local' } : base;
}
