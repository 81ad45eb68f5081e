// A click on a conversation row opens the conversation: its page where the server serves its web UI, else the
// actions its context menu offers, in a quick pick. One command, so a later view of its own changes only this.
import * as vscode from 'vscode';
import type { ServerSession } from '../connection/serverSession';
import { Command, type CommandId } from '../platform/ids';
import type { ConversationLinks } from './conversationLinks';
import { conversationOf, rowOffers, type ConversationNode } from './conversationsTreeProvider';

export async function openConversation(node: ConversationNode | undefined, session: ServerSession, links: ConversationLinks): Promise<boolean> {
  const conversation = conversationOf(node);
  if (!conversation) return false;
  if (session.webUi) return links.open(conversation);
  const offers = rowOffers(conversation, session.server?.client);
  const actions: (vscode.QuickPickItem & { command: CommandId })[] = [
    ...(offers.message ? [{ label: vscode.l10n.t('$(comment) Send Follow-up Message'), command: Command.SendFollowUpMessage }] : []),
    ...(offers.stop ? [{ label: vscode.l10n.t('$(debug-stop) Stop Conversation'), command: Command.StopConversation }] : []),
    ...(offers.resume ? [{ label: vscode.l10n.t('$(debug-continue) Resume Conversation'), command: Command.ResumeConversation }] : []),
    { label: vscode.l10n.t('$(copy) Copy Conversation ID'), description: conversation.id, command: Command.CopyConversationId },
  ];
  const picked = await vscode.window.showQuickPick(actions, {
    title: conversation.title || conversation.id,
    placeHolder: vscode.l10n.t('This server serves no web UI to open the conversation in. What do you want to do with it?'),
  });
  if (picked) await vscode.commands.executeCommand(picked.command, node);
  return picked !== undefined;
}

export async function copyConversationId(node: ConversationNode | undefined): Promise<void> {
  const conversation = conversationOf(node);
  if (!conversation) return;
  await vscode.env.clipboard.writeText(conversation.id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: conversation id copied'), 3000);
}
