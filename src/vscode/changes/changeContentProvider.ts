// The two sides of a changed file under the extension's own scheme, read-only and never written to disk: the
// agent's exact bytes and the base made from them by the exact patch (core/changes/changeContents). A side that
// cannot be had exactly is an error the editor shows, never a lossy text in its place. Its URI names the server and
// the conversation, so a side asked for after a reload (a restored review) reads the changes again from the server.
import * as vscode from 'vscode';
import type { LoadedChanges } from '../../core/changes/changeLoader';
import { exactSides, type FileSides } from '../../core/changes/changeContents';
import { Disposable } from '../platform/lifecycle';
import { CHANGE_SCHEME, parseChangeUri, type ChangesOrigin, type ChangesStore } from './changesStore';

/** The changes a side is read from, read from the server when not in hand; else why they cannot be. */
export type LoadChanges = (origin: ChangesOrigin) => Promise<LoadedChanges | string>;

export class ChangeContentProvider extends Disposable implements vscode.TextDocumentContentProvider {
  /** One read per file of the changes shown; cleared when another reading replaces them. */
  private readonly sides = new Map<string, Promise<FileSides>>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly store: ChangesStore, private readonly load: LoadChanges) {
    super();
    this.register(store.onDidChange(() => this.reread()));
  }

  /** A new reading of the changes (Refresh, the agent's next run): the diffs still open show it. */
  private reread(): void {
    this.sides.clear();
    if (this.store.shown?.state?.kind !== 'loaded') return;
    for (const document of vscode.workspace.textDocuments) if (document.uri.scheme === CHANGE_SCHEME) this.changed.fire(document.uri);
  }

  /** The file's exact sides, read once (the diff's two editors ask for one each). */
  sidesOf(origin: ChangesOrigin, path: string): Promise<FileSides> {
    const key = `${origin.serverUrl}\n${origin.conversationId}\n${path}`;
    let read = this.sides.get(key);
    if (!read) {
      read = this.read(origin, path);
      this.sides.set(key, read);
      read.catch(() => this.sides.delete(key));
    }
    return read;
  }

  private async read(origin: ChangesOrigin, path: string): Promise<FileSides> {
    const changes = await this.load(origin);
    return typeof changes === 'string' ? { kind: 'none', message: changes } : exactSides(changes, path);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const parsed = parseChangeUri(uri);
    if (!parsed || parsed.side === 'tree') throw new Error(vscode.l10n.t('This is not a side of a changed file.'));
    const sides = await this.sidesOf(parsed, parsed.path);
    if (sides.kind === 'none') throw new Error(sides.message);
    return parsed.side === 'base' ? sides.base : sides.agent;
  }
}
