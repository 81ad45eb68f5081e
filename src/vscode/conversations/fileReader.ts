// What Send File and Send Selection read: a file's bytes as the editor has them (unsaved changes included),
// the active editor's file, and the selected lines with their range.
import * as vscode from 'vscode';
import { IMAGE_LIMIT_BYTES, type MessageFile, type MessageSelection } from '../../core/conversations/message';
import type { ConversationTarget } from './conversationTarget';

/** Files larger than this are refused before being read at all. */
const READ_LIMIT_BYTES = 64 * 1024 * 1024;

/** The file as the editor has it, or a message why it cannot be sent. */
export async function readForMessage(uri: vscode.Uri, target: ConversationTarget): Promise<MessageFile | string> {
  const root = target.root?.fsPath ?? vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath;
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open?.isDirty) return { path: uri.fsPath, root, bytes: new TextEncoder().encode(open.getText()) };
  const name = vscode.workspace.asRelativePath(uri, false);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) return vscode.l10n.t('{0} is a folder; select files to send.', name);
    if (stat.size > Math.max(READ_LIMIT_BYTES, IMAGE_LIMIT_BYTES)) return vscode.l10n.t('{0} is too large to send.', name);
    return { path: uri.fsPath, root, bytes: await vscode.workspace.fs.readFile(uri) };
  } catch (error) {
    return vscode.l10n.t('Cannot read {0}: {1}', name, error instanceof Error ? error.message : String(error));
  }
}

export function activeDocumentUris(): vscode.Uri[] {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri ? [uri] : [];
}

/** The editor's selection as whole lines: a selection that ends at the start of a line does not include it. */
export function selectionOf(editor: vscode.TextEditor, target: ConversationTarget): MessageSelection {
  return selectionIn(editor.document, editor.selection, target);
}

/** A range of a document as whole lines, as the editor's selection is sent. */
export function selectionIn(document: vscode.TextDocument, range: vscode.Range, target: ConversationTarget): MessageSelection {
  const { start, end } = range;
  const endLine = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
  return {
    path: document.uri.fsPath, root: target.root?.fsPath,
    text: document.getText(range), startLine: start.line + 1, endLine,
  };
}
