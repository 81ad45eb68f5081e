// The changed files as the SCM view's tree shows them: grouped by folder, a chain of folders with one folder child
// each compacted into one row ("src/core/changes"), folders before files, each sorted by name as VS Code sorts
// (case-insensitive, numbers by value).
import type { FileChange } from '../../api/model/changes';

export interface ChangeFolderNode {
  readonly kind: 'folder';
  /** The row's label: one folder name, or several joined by '/' where compacted. */
  readonly label: string;
  /** The folder's path from the workspace root. */
  readonly path: string;
  readonly children: readonly ChangeTreeNode[];
}

export interface ChangeFileNode {
  readonly kind: 'file';
  readonly label: string;
  readonly change: FileChange;
}

export type ChangeTreeNode = ChangeFolderNode | ChangeFileNode;

interface MutableFolder {
  readonly folders: Map<string, MutableFolder>;
  readonly files: FileChange[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function buildChangeTree(files: readonly FileChange[]): ChangeTreeNode[] {
  const root: MutableFolder = { folders: new Map(), files: [] };
  for (const change of files) {
    const segments = change.path.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let child = folder.folders.get(segment);
      if (!child) {
        child = { folders: new Map(), files: [] };
        folder.folders.set(segment, child);
      }
      folder = child;
    }
    folder.files.push(change);
  }
  return childrenOf(root, '');
}

function childrenOf(folder: MutableFolder, parentPath: string): ChangeTreeNode[] {
  const folders = [...folder.folders].sort(([a], [b]) => collator.compare(a, b))
    .map(([name, child]) => compactFolder(name, child, parentPath));
  const files = [...folder.files].sort((a, b) => collator.compare(baseName(a.path), baseName(b.path)))
    .map((change): ChangeFileNode => ({ kind: 'file', label: baseName(change.path), change }));
  return [...folders, ...files];
}

function compactFolder(name: string, folder: MutableFolder, parentPath: string): ChangeFolderNode {
  let label = name;
  let current = folder;
  while (current.files.length === 0 && current.folders.size === 1) {
    const [childName, child] = [...current.folders][0];
    label = `${label}/${childName}`;
    current = child;
  }
  const path = parentPath === '' ? label : `${parentPath}/${label}`;
  return { kind: 'folder', label, path, children: childrenOf(current, path) };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The files in the order the tree shows them (the multi-file review follows it). */
export function filesInTreeOrder(nodes: readonly ChangeTreeNode[]): FileChange[] {
  return nodes.flatMap((node) => (node.kind === 'file' ? [node.change] : filesInTreeOrder(node.children)));
}
