// The two exact sides of one changed file for the diff editor: the agent's bytes as its agent server holds them,
// and the base made from them by undoing the file's hunks of the exact patch (so both come from one source and
// match byte for byte). Nothing lossy is shown as the file: where the sides cannot be had exactly, the reason is.
import { l10n } from '../../base/l10n';
import type { FileChange } from '../../api/model/changes';
import { applyHunksToBytes } from './applyHunks';
import { isTooLargeToDiff } from './changeLimits';
import type { LoadedChanges } from './changeLoader';

export type FileSides =
  | { readonly kind: 'text'; readonly base: string; readonly agent: string; readonly encoding: 'utf8' | 'latin1' }
  | { readonly kind: 'none'; readonly message: string };

export async function exactSides(changes: LoadedChanges, path: string, signal?: AbortSignal): Promise<FileSides> {
  const listed = changes.files.find((file) => file.path === path);
  if (!listed) return none(l10n.t('"{0}" is not in the changes the server listed, so it is not shown.', path));
  const file = changes.patch?.files.get(path);
  if (!changes.patch || !file) {
    return none(l10n.t('The exact contents of "{0}" need the conversation\'s agent server, which cannot be reached from here; the app server only lists the changed files.', path));
  }
  const refusal = notDiffable(file, file.symlink, file.section.byteLength);
  if (refusal) return none(refusal);
  const agent = file.status === 'deleted' ? new Uint8Array() : await changes.patch.agent.fileBytes(path, { signal });
  if (agent === null) return none(l10n.t('"{0}" is no longer in the agent\'s workspace. Refresh the changes.', path));
  if (isTooLargeToDiff(agent.byteLength)) return none(tooLarge(path));
  const base = applyHunksToBytes(agent, file.hunks, 'reverse');
  if (!base) return none(l10n.t('"{0}" changed in the agent\'s workspace since the changes were read. Refresh the changes.', path));
  return decodeSides(base, agent);
}

function notDiffable(file: FileChange, symlink: boolean, sectionBytes: number): string | undefined {
  if (symlink) return l10n.t('"{0}" is a symbolic link; links are listed, not shown or applied.', file.path);
  if (file.binary) return l10n.t('"{0}" is a binary file; it has no text diff. Export the patch to keep it.', file.path);
  if (isTooLargeToDiff(sectionBytes)) return tooLarge(file.path);
  return undefined;
}

function tooLarge(path: string): string {
  return l10n.t('"{0}" is larger than 5 MB, so it is listed but not diffed here. Export the patch to see it.', path);
}

function none(message: string): FileSides {
  return { kind: 'none', message };
}

/** UTF-8 where both sides are; else both byte for byte as Latin-1 (said in the title), never a lossy decode. */
function decodeSides(base: Uint8Array, agent: Uint8Array): FileSides {
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    return { kind: 'text', base: strict.decode(base), agent: strict.decode(agent), encoding: 'utf8' };
  } catch {
    return { kind: 'text', base: Buffer.from(base).toString('latin1'), agent: Buffer.from(agent).toString('latin1'), encoding: 'latin1' };
  }
}
