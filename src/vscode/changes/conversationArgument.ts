// The conversation a changes command is about: an id (the transcript tab, the stop notice), a Conversations-view
// row (its context menu), or, given nothing, one the person picks from the list the view shows.
import * as vscode from 'vscode';
import type { ConversationRef } from '../../core/changes/changeLoader';
import type { ConversationWatch } from '../conversations/conversationWatch';

export interface ShownConversation extends ConversationRef {
  readonly title: string;
}

export async function conversationArgument(argument: unknown, watch: ConversationWatch): Promise<ShownConversation | undefined> {
  const list = watch.feed.list ?? [];
  const id = typeof argument === 'string' ? argument : rowConversationId(argument);
  if (id !== undefined) {
    const known = list.find((item) => item.id === id);
    return known ? shownOf(known) : { id, title: id, repository: null, branch: null };
  }
  if (list.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No conversations to show the changes of. Refresh the Conversations view first.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(list.map((item) => ({ label: item.title || item.id, description: item.repository ?? '', item })),
    { placeHolder: vscode.l10n.t('Whose changes do you want to see?') });
  return picked && shownOf(picked.item);
}

function shownOf(item: ShownConversation): ShownConversation {
  return { id: item.id, title: item.title, repository: item.repository, branch: item.branch };
}

/** The conversation id of a Conversations-view row, if the argument is one. */
export function rowConversationId(argument: unknown): string | undefined {
  if (typeof argument !== 'object' || argument === null || !('conversation' in argument)) return undefined;
  const conversation = (argument as { conversation: unknown }).conversation;
  return typeof conversation === 'object' && conversation !== null && 'id' in conversation && typeof conversation.id === 'string' ? conversation.id : undefined;
}
