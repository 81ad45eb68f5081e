// The SCM view's letters and colours on the Changes view's files (and their diff tabs): A, M, D, R in the
// gitDecoration theme colours, so the agent's changes look as the person's own do in Source Control.
import * as vscode from 'vscode';
import type { ChangeStatus } from '../../api/model/changes';
import { Disposable } from '../platform/lifecycle';
import { parseChangeUri, STATUS_LETTER, type ChangesStore } from './changesStore';

const COLOR: Record<ChangeStatus, string> = {
  added: 'gitDecoration.addedResourceForeground',
  modified: 'gitDecoration.modifiedResourceForeground',
  deleted: 'gitDecoration.deletedResourceForeground',
  moved: 'gitDecoration.renamedResourceForeground',
};

export function statusWord(status: ChangeStatus): string {
  switch (status) {
    case 'added': return vscode.l10n.t('Added');
    case 'modified': return vscode.l10n.t('Modified');
    case 'deleted': return vscode.l10n.t('Deleted');
    case 'moved': return vscode.l10n.t('Renamed');
  }
}

export class ChangeDecorations extends Disposable implements vscode.FileDecorationProvider {
  private readonly changed = this.register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeFileDecorations = this.changed.event;

  constructor(private readonly store: ChangesStore) {
    super();
    this.register(vscode.window.registerFileDecorationProvider(this));
    this.register(store.onDidChange(() => this.changed.fire(undefined)));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const parsed = parseChangeUri(uri);
    const file = parsed && this.store.fileOf(parsed.conversationId, parsed.path);
    if (!file) return undefined;
    return new vscode.FileDecoration(STATUS_LETTER[file.status], statusWord(file.status), new vscode.ThemeColor(COLOR[file.status]));
  }
}
