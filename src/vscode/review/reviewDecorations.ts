// The Changes view's count of pending comments on each file (a badge beside its status letter, and the tooltip).
import * as vscode from 'vscode';
import { parseChangeUri } from '../changes/changesStore';
import { Disposable } from '../platform/lifecycle';
import type { ReviewStore } from './reviewStore';

export class ReviewDecorations extends Disposable implements vscode.FileDecorationProvider {
  private readonly changed = this.register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeFileDecorations = this.changed.event;

  constructor(private readonly store: ReviewStore) {
    super();
    this.register(vscode.window.registerFileDecorationProvider(this));
    this.register(store.onDidChange(() => this.changed.fire(undefined)));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const parsed = parseChangeUri(uri);
    if (parsed?.side !== 'tree') return undefined;
    const inside = `${parsed.path}/`;
    const count = this.store.pendingOf(parsed.conversationId).filter((thread) => thread.path === parsed.path || thread.path.startsWith(inside)).length;
    if (!count) return undefined;
    const tooltip = count === 1 ? vscode.l10n.t('1 pending review comment') : vscode.l10n.t('{0} pending review comments', count);
    return new vscode.FileDecoration(count > 99 ? '99' : String(count), tooltip);
  }
}
