// The last apply's snapshot, kept in the extension's global storage (not in the workspace) before anything is
// written, so Undo Apply works after a reload too: the folder it wrote into and, per path, what it held before and
// what the apply left. One undoable step: a new apply replaces it, an undo removes it.
import * as vscode from 'vscode';
import type { SnapshotEntry } from '../../core/changes/applyRun';

export interface StoredApply {
  readonly folder: vscode.Uri;
  readonly title: string;
  readonly entries: readonly SnapshotEntry[];
}

interface StoredEntry {
  readonly path: string;
  readonly before: string | null;
  readonly after: string | null | 'merge';
}

const FILE = 'last-apply.json';

export class ApplySnapshots {
  constructor(private readonly storage: vscode.Uri) {}

  private get file(): vscode.Uri {
    return vscode.Uri.joinPath(this.storage, FILE);
  }

  async keep(apply: StoredApply): Promise<void> {
    const entries: StoredEntry[] = apply.entries.map((e) => ({
      path: e.path, before: base64(e.before), after: e.after === 'merge' ? 'merge' : base64(e.after),
    }));
    await vscode.workspace.fs.createDirectory(this.storage);
    await vscode.workspace.fs.writeFile(this.file, Buffer.from(JSON.stringify({ folder: apply.folder.toString(), title: apply.title, entries })));
  }

  async last(): Promise<StoredApply | undefined> {
    let text: string;
    try {
      text = Buffer.from(await vscode.workspace.fs.readFile(this.file)).toString('utf8');
    } catch {
      return undefined;
    }
    const stored = JSON.parse(text) as { folder: string; title: string; entries: StoredEntry[] };
    return {
      folder: vscode.Uri.parse(stored.folder), title: stored.title,
      entries: stored.entries.map((e) => ({ path: e.path, before: bytes(e.before), after: e.after === 'merge' ? 'merge' : bytes(e.after) })),
    };
  }

  async forget(): Promise<void> {
    await vscode.workspace.fs.delete(this.file).then(undefined, () => undefined);
  }
}

const base64 = (content: Uint8Array | null): string | null => (content === null ? null : Buffer.from(content).toString('base64'));
const bytes = (text: string | null): Uint8Array | null => (text === null ? null : new Uint8Array(Buffer.from(text, 'base64')));
