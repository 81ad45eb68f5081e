// Export Patch and Copy Patch: the agent's change as the exact `git diff --binary` its agent server made, to a
// file the person picks or to the clipboard (as text: a patch with bytes that are not UTF-8 goes to a file only).
import * as vscode from 'vscode';
import type { LoadedChanges } from '../../core/changes/changeLoader';
import { defaultFileName } from '../../core/platform/fileNames';
import { Command } from '../platform/ids';

export async function exportPatch(changes: LoadedChanges | undefined, title: string): Promise<boolean> {
  const bytes = patchOf(changes);
  if (!bytes) return false;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = defaultFileName(title, 'patch', 'openhands-changes');
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export the agent\'s changes as a patch'),
    filters: { [vscode.l10n.t('Patch')]: ['patch', 'diff'] },
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
  });
  if (!target) return false;
  await vscode.workspace.fs.writeFile(target, bytes);
  vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: patch saved to {0}', target.fsPath), 5000);
  return true;
}

export async function copyPatch(changes: LoadedChanges | undefined): Promise<boolean> {
  const bytes = patchOf(changes);
  if (!bytes) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const save = vscode.l10n.t('Export Patch');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('The patch holds bytes that are not UTF-8 text, which the clipboard would not keep. Export it to a file instead.'), save);
    if (choice === save) await vscode.commands.executeCommand(Command.ExportPatch, changes?.conversationId);
    return false;
  }
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: patch copied'), 3000);
  return true;
}

function patchOf(changes: LoadedChanges | undefined): Uint8Array | undefined {
  if (!changes) return undefined;
  if (!changes.patch) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The exact patch comes from the conversation\'s agent server, which cannot be reached from here; this server only lists the changed files.'));
    return undefined;
  }
  if (changes.patch.bytes.byteLength === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The agent changed no files: there is no patch.'));
    return undefined;
  }
  return changes.patch.bytes;
}

