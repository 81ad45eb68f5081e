// A started conversation's page on the server: opened in the browser, copied as a link, or the entry
// removed from this VS Code's list.
import * as vscode from 'vscode';
import type { ServerSession } from '../connection/serverSession';
import { conversationUrl, type ConversationStore, type StartedConversation } from './conversationStore';

export class ConversationLinks {
  constructor(private readonly session: ServerSession, private readonly store: ConversationStore) {}

  /** Opens the conversation's page on `serverUrl`, by default the configured server. */
  async open(conversation?: StartedConversation, serverUrl = this.session.serverUrl): Promise<boolean> {
    return conversation && serverUrl ? vscode.env.openExternal(vscode.Uri.parse(conversationUrl(serverUrl, conversation.id))) : false;
  }

  async copy(conversation?: StartedConversation, serverUrl = this.session.serverUrl): Promise<void> {
    if (!conversation || !serverUrl) return;
    await vscode.env.clipboard.writeText(conversationUrl(serverUrl, conversation.id));
    vscode.window.setStatusBarMessage('OpenHands: conversation link copied', 3000);
  }

  async remove(conversation?: StartedConversation): Promise<void> {
    const serverUrl = this.session.serverUrl;
    if (conversation && serverUrl) await this.store.remove(serverUrl, conversation.id);
  }
}
