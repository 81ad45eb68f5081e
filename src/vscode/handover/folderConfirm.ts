// What the person sees before anything of the folder leaves: the count of files and their size, what stays behind
// (submodules, links pointing outside), and the files that look like secrets, with Leave Them Out first.
import * as vscode from 'vscode';
import { formatSize } from '../../core/conversations/message';
import type { FolderScan } from '../../core/handover/snapshot';

/** The paths to leave out, or undefined when the person cancelled. */
export async function confirmFolder(folderName: string, scan: FolderScan): Promise<readonly string[] | undefined> {
  const sending = vscode.l10n.t('Send This Folder sends {0} files ({1}) from {2} as they are on disk: tracked files with their edits and untracked files that git does not ignore.',
    scan.fileCount, formatSize(scan.totalBytes), folderName);
  const leftBehind = [
    ...(scan.submodules.length ? [vscode.l10n.t('Submodules, left out: {0}', scan.submodules.join(', '))] : []),
    ...(scan.symlinksOutside.length ? [vscode.l10n.t('Links that point outside the folder, left out: {0}', scan.symlinksOutside.join(', '))] : []),
  ];
  if (scan.secretLooking.length === 0) {
    const send = vscode.l10n.t('Send This Folder');
    const picked = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: send {0} to a new conversation?', folderName),
      { modal: true, detail: [sending, ...leftBehind].join('\n\n') }, send);
    return picked === send ? [] : undefined;
  }
  const leaveOut = vscode.l10n.t('Leave Them Out');
  const sendToo = vscode.l10n.t('Send Them Too');
  const detail = [
    sending,
    vscode.l10n.t('These files look like they hold secrets and git does not ignore them:'),
    scan.secretLooking.join('\n'),
    ...leftBehind,
  ].join('\n\n');
  const title = scan.secretLooking.length === 1
    ? vscode.l10n.t('OpenHands: a file in {0} looks like a secret', folderName)
    : vscode.l10n.t('OpenHands: {0} files in {1} look like secrets', scan.secretLooking.length, folderName);
  const picked = await vscode.window.showWarningMessage(title, { modal: true, detail }, leaveOut, sendToo);
  if (picked === leaveOut) return scan.secretLooking;
  return picked === sendToo ? [] : undefined;
}
