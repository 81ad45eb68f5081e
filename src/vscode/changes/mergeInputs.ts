// A locally changed file whose merge with the agent's version has conflicts opens in VS Code's merge editor, as
// VS Code's git extension opens a conflicted file (extensions/git/src/commands.ts: `_open.mergeEditor` with base,
// input1, input2 and output): the base is the agent's base, input1 the person's file as it was, input2 the agent's
// version, all three served read-only under the extension's own scheme; the output is a stand-in for the local file
// (mergeResults.ts), written to it only when the person completes the merge: Complete Merge in the editor's title.
import * as vscode from 'vscode';
import type { WaitingMerge } from '../../core/changes/applyRun';
import { Disposable } from '../platform/lifecycle';
import { MERGE_RESULT_SCHEME, MergeResults } from './mergeResults';

export const MERGE_SCHEME = 'openhands-merge';

export class MergeInputs extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly results = this.register(new MergeResults());
  private opened = 0;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(MERGE_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** Opens the merge editor for one file that waits for it; `folder` holds it. */
  async open(folder: vscode.Uri, { decision, start }: WaitingMerge, title: string): Promise<void> {
    const id = ++this.opened;
    const serve = (side: string, content: Uint8Array | null) => {
      const uri = vscode.Uri.from({ scheme: MERGE_SCHEME, path: `/${id}/${side}/${decision.path}` });
      this.texts.set(uri.toString(), content === null ? '' : Buffer.from(content).toString('utf8'));
      return uri;
    };
    const target = vscode.Uri.joinPath(folder, ...decision.path.split('/'));
    await vscode.commands.executeCommand('_open.mergeEditor', {
      base: serve('base', decision.base),
      input1: { uri: serve('yours', decision.local), title: vscode.l10n.t('Yours'), description: vscode.l10n.t('your file before the apply') },
      input2: { uri: serve('agent', decision.agent), title: vscode.l10n.t('Agent'), description: title },
      output: this.results.add(id, vscode.workspace.asRelativePath(target), target, start, decision.local),
    });
  }

  /**
   * Complete Merge: VS Code's own accept of the merge editor in front (it asks first when conflicts are left, saves
   * the result and closes the editor), then the result is written to the local file. `result`: the editor title's
   * resource; from the palette, the merge editor's focused side.
   */
  async complete(result = vscode.window.activeTextEditor?.document.uri): Promise<void> {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (result?.scheme !== MERGE_RESULT_SCHEME || !tab) return;
    await vscode.commands.executeCommand('mergeEditor.acceptMerge');
    // Its tab still open: not accepted, the person went back to the conflicts.
    if (vscode.window.tabGroups.all.some((group) => group.tabs.includes(tab))) return;
    const { target, written } = await this.results.writeThrough(result);
    const name = vscode.workspace.asRelativePath(target);
    if (written) {
      void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the merge of {0} is written to the file.', name));
      return;
    }
    const open = vscode.l10n.t('Open File');
    const picked = await vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: {0} changed on disk while it was being merged, so the merge was not written over it. Apply the changes again to merge it anew.', name), open);
    if (picked === open) await vscode.window.showTextDocument(target);
  }
}
