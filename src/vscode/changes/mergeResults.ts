// The output of a merge in the merge editor is not the person's file but a stand-in for it under the extension's
// own scheme, holding git's three-way merge with its conflict blocks (given conflict markers, VS Code's merge editor
// starts from its own three-way merge, with only the true conflicts left to choose). The merge editor saves its
// output when it likes (as it opens, and at times while the person works): those saves stay here. Only Complete
// Merge writes the result to the local file, and only while that file still holds what the person had: nothing of
// theirs is overwritten before they choose, or after they changed it again.
import * as vscode from 'vscode';
import { sameContent } from '../../core/changes/contentCompare';
import { Disposable } from '../platform/lifecycle';

export const MERGE_RESULT_SCHEME = 'openhands-merge-result';

/** A merge result: its text, and the local file it is written to. */
interface PendingResult {
  bytes: Uint8Array;
  readonly target: vscode.Uri;
  /** What the local file must still hold for the result to be written to it: the person's file. */
  readonly expected: Uint8Array | null;
  mtime: number;
}

export class MergeResults extends Disposable implements vscode.FileSystemProvider {
  private readonly results = new Map<string, PendingResult>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.changed.event;

  constructor() {
    super();
    this.register(vscode.workspace.registerFileSystemProvider(MERGE_RESULT_SCHEME, this, { isCaseSensitive: true }));
  }

  /**
   * A stand-in for `target` holding `start`, written to it only while `target` holds `local`. Its path is the
   * target's workspace-relative one, which the merge editor's Result header shows (package.json's label formatter
   * for the scheme leaves out the leading slash); the merge's number, which keeps two merges apart, is its authority.
   */
  add(merge: number, relativePath: string, target: vscode.Uri, start: Uint8Array, local: Uint8Array | null): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: MERGE_RESULT_SCHEME, authority: String(merge), path: `/${relativePath}` });
    this.results.set(uri.toString(), { bytes: start, target, expected: local, mtime: Date.now() });
    return uri;
  }

  /** Writes the saved result to its local file; 'changed': that file no longer holds what the person had. */
  async writeThrough(uri: vscode.Uri): Promise<{ target: vscode.Uri; written: boolean }> {
    const result = this.find(uri);
    const local = await vscode.workspace.fs.readFile(result.target).then((bytes) => bytes, () => null);
    if (!sameContent(local, result.expected)) return { target: result.target, written: false };
    await vscode.workspace.fs.writeFile(result.target, result.bytes);
    this.results.delete(uri.toString());
    return { target: result.target, written: true };
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const result = this.find(uri);
    return { type: vscode.FileType.File, ctime: result.mtime, mtime: result.mtime, size: result.bytes.byteLength };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.find(uri).bytes;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    const result = this.find(uri);
    Object.assign(result, { bytes: content, mtime: Date.now() });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions();
  }

  private find(uri: vscode.Uri): PendingResult {
    const result = this.results.get(uri.toString());
    if (!result) throw vscode.FileSystemError.FileNotFound(uri);
    return result;
  }
}
