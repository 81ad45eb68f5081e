// Copy Conversation ID from a row. (A click on a row opens the conversation's transcript tab: src/vscode/transcript.)
import * as vscode from 'vscode';
import { conversationOf, type ConversationNode } from './conversationsTreeProvider';

export async function copyConversationId(node: ConversationNode | undefined): Promise<void> {
  const conversation = conversationOf(node);
  if (!conversation) return;
  await vscode.env.clipboard.writeText(conversation.id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: conversation id copied'), 3000);
}
