// What a click in the transcript page may open, decided here in the host, never in the page: a link only when it
// is http or https (never command:, file:, javascript: or anything else), through the system's browser; a
// sandbox path only as the local file core mapped it to, and only inside a workspace folder of this window.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isWebUrl } from '../../core/platform/webLinks';

/** Opens `url` in the browser when it is an http(s) URL; otherwise says why not. True when opened. */
export async function openPageLink(url: string): Promise<boolean> {
  if (!isWebUrl(url)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: the link "{0}" was not opened: a transcript opens only http and https links.', url.slice(0, 200)));
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(url, true));
}

/** Opens the local file a sandbox path maps to, when it lies inside a workspace folder; else says why not. */
export async function openLocalPath(localPath: string | undefined, sandboxPath: string): Promise<boolean> {
  const uri = localPath ? vscode.Uri.file(path.resolve(localPath)) : undefined;
  if (!uri || !insideWorkspace(uri)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: {0} has no copy in this workspace folder to open.', sandboxPath.slice(0, 300)));
    return false;
  }
  await vscode.window.showTextDocument(uri, { preview: true });
  return true;
}

function insideWorkspace(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const relative = path.relative(folder.uri.fsPath, uri.fsPath);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
