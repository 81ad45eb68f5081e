// The conversation a changes command is about: an id (the transcript tab, the stop notice), a Conversations-view
// row (its context menu), or, given nothing, one the person picks from the list the view shows.
import * as vscode from 'vscode';
import { conversationById, shownOf, type ShownConversation } from '../../core/changes/shownConversation';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationWatch } from '../conversations/conversationWatch';

export async function conversationArgument(argument: unknown, watch: ConversationWatch, session: ServerSession): Promise<ShownConversation | undefined> {
  const list = watch.feed.list ?? [];
  const id = typeof argument === 'string' ? argument : rowConversationId(argument);
  if (id !== undefined) {
    return conversationById(id, list, async (wanted) => {
      const server = await session.connect();
      return server ? (await server.client.getConversations([wanted]))[0] : undefined;
    });
  }
  if (list.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No conversations to show the changes of. Refresh the Conversations view first.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(list.map((item) => ({ label: item.title || item.id, description: item.repository ?? '', item })),
    { placeHolder: vscode.l10n.t('Whose changes do you want to see?') });
  return picked && shownOf(picked.item);
}

/** The conversation id of a Conversations-view row, if the argument is one. */
export function rowConversationId(argument: unknown): string | undefined {
  if (typeof argument !== 'object' || argument === null || !('conversation' in argument)) return undefined;
  const conversation = (argument as { conversation: unknown }).conversation;
  return typeof conversation === 'object' && conversation !== null && 'id' in conversation && typeof conversation.id === 'string' ? conversation.id : undefined;
}
