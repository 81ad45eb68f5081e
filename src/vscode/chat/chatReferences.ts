// What the person attached to a chat request (`#file`, `#selection`: request.references) made into the message as
// Send File and Send Selection make it: files as fenced code or images, selections as their lines. Nothing else of
// the workspace is sent; a reference of another kind is named as left out.
import * as vscode from 'vscode';
import { buildFilesMessage, buildSelectionMessage, type MessageFile, type MessageResult } from '../../core/conversations/message';
import { configuration } from '../platform/configuration';
import type { ConversationTarget } from '../conversations/conversationTarget';
import { readForMessage, selectionIn } from '../conversations/fileReader';

export interface ReferencedMessage {
  /** The message, or every refusal in one sentence list. */
  readonly result: MessageResult | { readonly ok: false; readonly unreadable: string };
  /** The references left out: neither a file nor a range of one. */
  readonly ignored: readonly string[];
}

/** The first file a reference names: the target's repository is the one it lives in. */
export function firstReferencedUri(references: readonly vscode.ChatPromptReference[]): vscode.Uri | undefined {
  for (const { value } of references) {
    if (value instanceof vscode.Uri) return value;
    if (value instanceof vscode.Location) return value.uri;
  }
  return undefined;
}

export async function referencedMessage(
  words: string, references: readonly vscode.ChatPromptReference[], target: ConversationTarget,
): Promise<ReferencedMessage> {
  const options = { textLimitBytes: configuration.textLimitBytes() };
  const uris = references.flatMap((r) => (r.value instanceof vscode.Uri ? [r.value] : []));
  const ranges = references.flatMap((r) => (r.value instanceof vscode.Location ? [r.value] : []));
  const ignored = references.filter((r) => !(r.value instanceof vscode.Uri || r.value instanceof vscode.Location)).map((r) => r.id);
  let text = words;
  for (const range of ranges) {
    const built = buildSelectionMessage(text, selectionIn(await vscode.workspace.openTextDocument(range.uri), range.range, target), options);
    if (!built.ok) return { result: built, ignored };
    text = built.message.initial_user_msg;
  }
  if (!uris.length) return { result: { ok: true, message: { initial_user_msg: text, image_urls: [] } }, ignored };
  const files = await Promise.all(uris.map((uri) => readForMessage(uri, target)));
  const unreadable = files.find((f): f is string => typeof f === 'string');
  if (unreadable) return { result: { ok: false, unreadable }, ignored };
  return { result: buildFilesMessage(text, files as MessageFile[], options), ignored };
}

/** Why the message was not built, in sentences. */
export function refusalText(result: ReferencedMessage['result']): string {
  if (result.ok) return '';
  return 'unreadable' in result ? result.unreadable : result.refusals.map((r) => r.message).join(' ');
}
