// Copy Conversation ID from a row. (A click on a row opens the conversation's transcript tab: src/vscode/transcript.)
import * as vscode from 'vscode';
import type { ConversationRef } from './conversationLinks';

export async function copyConversationId(conversation: ConversationRef | undefined): Promise<void> {
  if (!conversation) return;
  await vscode.env.clipboard.writeText(conversation.id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: conversation id copied'), 3000);
}
