// A locally changed file the person chose to merge opens in VS Code's merge editor, as VS Code's git extension
// opens a conflicted file (extensions/git/src/commands.ts: `_open.mergeEditor` with base, input1, input2 and
// output): the base is the agent's base, input1 the person's file as it was, input2 the agent's version, and the
// output the local file itself, whose text starts as the person's. The three inputs are served
// read-only from this provider under the extension's own scheme; nothing is written to disk to show them.
import * as vscode from 'vscode';
import type { PathDecision } from '../../core/changes/applyPlan';
import { Disposable } from '../platform/lifecycle';

export const MERGE_SCHEME = 'openhands-merge';

export class MergeInputs extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private opened = 0;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(MERGE_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** Opens the merge editor for one file with changes of its own; `folder` holds it. */
  async open(folder: vscode.Uri, decision: Extract<PathDecision, { kind: 'own' }>, title: string): Promise<void> {
    const id = ++this.opened;
    const serve = (side: string, content: Uint8Array | null) => {
      const uri = vscode.Uri.from({ scheme: MERGE_SCHEME, path: `/${id}/${side}/${decision.path}` });
      this.texts.set(uri.toString(), content === null ? '' : Buffer.from(content).toString('utf8'));
      return uri;
    };
    const output = vscode.Uri.joinPath(folder, ...decision.path.split('/'));
    await vscode.commands.executeCommand('_open.mergeEditor', {
      base: serve('base', decision.base),
      input1: { uri: serve('yours', decision.local), title: vscode.l10n.t('Yours'), description: vscode.l10n.t('your file before the apply') },
      input2: { uri: serve('agent', decision.agent), title: vscode.l10n.t('Agent'), description: title },
      output,
    });
  }
}
