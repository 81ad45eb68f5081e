// Each changed path's two sides from the agent server's exact patch (`git diff --binary`), computed with git in a
// scratch folder of the OS's temporary folder: the base of each file is found by content (the blob id its `index`
// line names: the working tree's file when it hashes to it, else the local repository's object), written there,
// and the patch applied to it (`git apply --check`, then `git apply`), which gives the agent's exact files. The
// person's working tree and repository are only read. A file whose base is not known here keeps an unknown base
// (the apply then lists it); a section git refuses is marked as such. Plain `git apply`, not `--3way`: the
// scratch copy holds exactly the base the patch names, so a 3-way fallback has nothing to add, and it would write
// conflict markers, which the apply never does.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChangePatch, ExactContent, FileChange } from '../../api/model/changes';
import type { KnownOrNot, PathContents, UnknownReason, WorkingTree } from './applyPlan';
import { blobId, indexLine, isZeroId } from './blobHash';
import type { GitRunner } from './gitRunner';
import { parsePatch, type PatchFile } from './patchParser';

export interface PatchContents {
  readonly changes: readonly FileChange[];
  readonly contents: ReadonlyMap<string, PathContents>;
}

interface Section {
  readonly file: PatchFile;
  /** The base path's content, or why it is not known. */
  readonly base: KnownOrNot;
}

/** Where the base is looked for: the local repository (only read) and its working tree, and the agent's own bytes. */
export interface BaseSources {
  readonly root: string;
  readonly tree: WorkingTree;
  readonly git: GitRunner;
  /** The agent's exact bytes of a file (the agent server's download), for a section that names no blob. */
  readonly agentBytes: (path: string) => Promise<ExactContent>;
}

/** The changes a patch makes and each path's exact sides. */
export async function contentsFromPatch(patch: ChangePatch, sources: BaseSources): Promise<PatchContents> {
  const { git } = sources;
  const parsed = parsePatch(patch.bytes);
  const unsafe = parsed.refused.map((r): FileChange => ({ path: r.path, status: 'modified' }));
  const sections = await Promise.all(parsed.files.map(async (file): Promise<Section> => ({ file, base: await baseOf(file, sources) })));
  const agent = await agentSides(sections.filter((s) => !isUnknownSide(s.base) && !s.file.symlink), git);
  const contents = new Map<string, PathContents>();
  for (const { file, base } of sections) {
    const after: KnownOrNot = file.symlink ? { unknown: 'link' } : agent.get(file.path) ?? { unknown: isUnknownSide(base) ? base.unknown : 'patch-failed' };
    const oldPath = file.oldPath ?? file.path;
    if (file.status === 'moved') {
      contents.set(oldPath, { path: oldPath, base, agent: null });
      contents.set(file.path, { path: file.path, base: null, agent: after });
    } else contents.set(file.path, { path: file.path, base, agent: file.status === 'deleted' ? null : after });
  }
  for (const path of parsed.malformed) contents.set(path, { path, base: { unknown: 'patch-failed' }, agent: { unknown: 'patch-failed' } });
  const malformed = parsed.malformed.map((path): FileChange => ({ path, status: 'modified' }));
  return { changes: [...parsed.files.map(fileChange), ...malformed, ...unsafe], contents };
}

function fileChange(file: PatchFile): FileChange {
  const { path, status, oldPath, added, removed, binary } = file;
  return { path, status, ...(oldPath === undefined ? {} : { oldPath }), added, removed, binary };
}

function isUnknownSide(side: KnownOrNot): side is { unknown: UnknownReason } {
  return side !== null && !(side instanceof Uint8Array);
}

/**
 * The base content of a file's old path, found by the blob id the patch names. A section without one (a pure
 * move, a mode change) left the content as it was: the agent's bytes are the base.
 */
async function baseOf(file: PatchFile, { root, tree, git, agentBytes }: BaseSources): Promise<KnownOrNot> {
  if (file.status === 'added') return null;
  const ids = indexLine(Buffer.from(file.section).toString('latin1'));
  if (!ids) return await agentBytes(file.path).catch(() => null) ?? { unknown: 'base-not-local' };
  if (isZeroId(ids.from)) return null;
  const local = await tree.read(file.oldPath ?? file.path);
  if (local.kind === 'file' && blobId(local.bytes, ids.from.length).startsWith(ids.from)) return local.bytes;
  const object = await git(['cat-file', 'blob', ids.from], { cwd: root });
  return object.code === 0 ? new Uint8Array(object.stdout) : { unknown: 'base-not-local' };
}

/** The agent's version of each section's file: its base written to a scratch folder, the section applied there. */
async function agentSides(sections: readonly Section[], git: GitRunner): Promise<Map<string, ExactContent>> {
  const scratch = await mkdtemp(join(tmpdir(), 'openhands-apply-'));
  try {
    await git(['init', '-q'], { cwd: scratch });
    for (const { file, base } of sections) {
      if (base instanceof Uint8Array) await writeInside(scratch, file.oldPath ?? file.path, base);
    }
    const applied = await applyAll(sections, scratch, git);
    const sides = new Map<string, ExactContent>();
    for (const { file } of sections.filter((s) => applied.has(s.file))) {
      sides.set(file.path, file.status === 'deleted' ? null : new Uint8Array(await readFile(join(scratch, ...file.path.split('/')))));
    }
    return sides;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Applies every section at once when git accepts them all, else each one git accepts on its own. */
async function applyAll(sections: readonly Section[], scratch: string, git: GitRunner): Promise<Set<PatchFile>> {
  const apply = async (chosen: readonly Section[]): Promise<boolean> => {
    const input = Buffer.concat(chosen.map((s) => s.file.section));
    if ((await git(['apply', '--check', '--binary', '-'], { cwd: scratch, input })).code !== 0) return false;
    return (await git(['apply', '--binary', '-'], { cwd: scratch, input })).code === 0;
  };
  if (!sections.length || await apply(sections)) return new Set(sections.map((s) => s.file));
  const applied = new Set<PatchFile>();
  for (const section of sections) if (await apply([section])) applied.add(section.file);
  return applied;
}

async function writeInside(scratch: string, path: string, bytes: Uint8Array): Promise<void> {
  const target = join(scratch, ...path.split('/'));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes);
}
