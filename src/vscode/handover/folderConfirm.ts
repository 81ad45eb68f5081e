// What the person sees before anything of the folder leaves: what is sent under each answer (count and size), the
// largest files where one is over 10 MiB, what stays behind (submodules, links pointing outside), and the files
// that look like secrets, with Leave Them Out first.
import * as vscode from 'vscode';
import { formatSize } from '../../core/conversations/message';
import { sentFiles, type FolderScan } from '../../core/handover/snapshot';

/** The paths to leave out, or undefined when the person cancelled. */
export async function confirmFolder(folderName: string, scan: FolderScan): Promise<readonly string[] | undefined> {
  if (scan.secretLooking.length === 0) {
    const send = vscode.l10n.t('Send This Folder');
    const all = sentFiles(scan, true);
    const sending = vscode.l10n.t('Send This Folder sends {0} files ({1}).', all.fileCount, formatSize(all.totalBytes));
    const picked = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: send {0} to a new conversation?', folderName),
      { modal: true, detail: [whatIsSent(folderName, scan), sending, ...besides(scan)].join('\n\n') }, send);
    return picked === send ? [] : undefined;
  }
  const leaveOut = vscode.l10n.t('Leave Them Out');
  const sendToo = vscode.l10n.t('Send Them Too');
  const without = sentFiles(scan, false);
  const all = sentFiles(scan, true);
  const detail = [
    whatIsSent(folderName, scan),
    vscode.l10n.t('These files look like they hold secrets and git does not ignore them:'),
    scan.secretLooking.join('\n'),
    [vscode.l10n.t('Leave Them Out sends {0} files ({1}), without these.', without.fileCount, formatSize(without.totalBytes)),
      vscode.l10n.t('Send Them Too sends {0} files ({1}), these included.', all.fileCount, formatSize(all.totalBytes))].join('\n'),
    ...besides(scan),
  ].join('\n\n');
  const title = scan.secretLooking.length === 1
    ? vscode.l10n.t('OpenHands: a file in {0} looks like a secret', folderName)
    : vscode.l10n.t('OpenHands: {0} files in {1} look like secrets', scan.secretLooking.length, folderName);
  const picked = await vscode.window.showWarningMessage(title, { modal: true, detail }, leaveOut, sendToo);
  if (picked === leaveOut) return scan.secretLooking;
  return picked === sendToo ? [] : undefined;
}

function whatIsSent(folderName: string, scan: FolderScan): string {
  return scan.isGitRepo
    ? vscode.l10n.t('Send This Folder sends the files of {0} as they are on disk: tracked files with their edits and untracked files that git does not ignore.', folderName)
    : vscode.l10n.t('Send This Folder sends the files of {0} as they are on disk, all but those its .gitignore files exclude. The folder is not a git repository and stays as it is: the snapshot is made outside it.', folderName);
}

/** The largest files (where one is over 10 MiB), then what stays behind whatever the answer. */
function besides(scan: FolderScan): string[] {
  const largest = scan.largeFiles.map((file) => `${file.path} (${formatSize(file.bytes)})`).join('\n');
  return [
    ...(largest ? [`${vscode.l10n.t('The largest files:')}\n${largest}`] : []),
    ...(scan.submodules.length ? [vscode.l10n.t('Submodules, left out: {0}', scan.submodules.join(', '))] : []),
    ...(scan.symlinksOutside.length ? [vscode.l10n.t('Links that point outside the folder, left out: {0}', scan.symlinksOutside.join(', '))] : []),
  ];
}
