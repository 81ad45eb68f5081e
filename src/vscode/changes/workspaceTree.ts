// The working tree of a workspace folder for the apply, through vscode.workspace.fs (files go to disk, no editor is
// opened for them). A path is read only where every part of it is a plain folder or file: a symbolic link anywhere
// on the way is refused (lstat semantics: VS Code's stat marks a link with FileType.SymbolicLink), so no write ever
// goes through a link, whether it points inside the folder or outside it.
import * as vscode from 'vscode';
import type { LocalFile, WorkingTree } from '../../core/changes/applyPlan';
import { notAppliedReason } from '../../core/changes/applySummary';
import { checkRelativePath } from '../../core/changes/pathSafety';

export function workspaceTree(folder: vscode.Uri): WorkingTree {
  const uriOf = (path: string) => vscode.Uri.joinPath(folder, ...path.split('/'));
  const guarded = async (path: string): Promise<LocalFile> => {
    if (!checkRelativePath(path).ok) return { kind: 'refused', reason: 'not-a-file' };
    const parts = path.split('/');
    for (let depth = 1; depth <= parts.length; depth++) {
      const stat = await statOf(vscode.Uri.joinPath(folder, ...parts.slice(0, depth)));
      if (!stat) return { kind: 'missing' };
      if (stat.type & vscode.FileType.SymbolicLink) return { kind: 'refused', reason: 'symlink' };
      const wanted = depth === parts.length ? vscode.FileType.File : vscode.FileType.Directory;
      if (!(stat.type & wanted)) return { kind: 'refused', reason: 'not-a-file' };
    }
    return { kind: 'file', bytes: await vscode.workspace.fs.readFile(uriOf(path)) };
  };
  const refuseLinks = async (path: string) => {
    const local = await guarded(path);
    if (local.kind === 'refused') throw new Error(vscode.l10n.t('OpenHands: {0} was not written: {1}.', path, notAppliedReason(local.reason)));
  };
  return {
    read: guarded,
    write: async (path, bytes) => {
      await refuseLinks(path);
      await vscode.workspace.fs.writeFile(uriOf(path), bytes);
    },
    remove: async (path) => {
      await refuseLinks(path);
      await vscode.workspace.fs.delete(uriOf(path), { useTrash: false });
      await removeEmptyParents(folder, path);
    },
  };
}

/** Folders a removal left empty go too, as `git apply` does; a folder git does not track is no one's work. */
async function removeEmptyParents(folder: vscode.Uri, path: string): Promise<void> {
  const parts = path.split('/').slice(0, -1);
  for (let depth = parts.length; depth > 0; depth--) {
    const parent = vscode.Uri.joinPath(folder, ...parts.slice(0, depth));
    const entries = await vscode.workspace.fs.readDirectory(parent).then(undefined, () => undefined);
    if (!entries || entries.length) return;
    await vscode.workspace.fs.delete(parent, { useTrash: false });
  }
}

async function statOf(uri: vscode.Uri): Promise<vscode.FileStat | undefined> {
  try {
    return await vscode.workspace.fs.stat(uri);
  } catch {
    return undefined;
  }
}
