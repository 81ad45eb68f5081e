// A conversation's page on the server: opened in the browser or copied as a link, where the server serves its
// web UI (a server without one answers the page with 404 JSON).
import * as vscode from 'vscode';
import type { ServerSession } from '../connection/serverSession';
import { conversationUrl } from './conversationStore';

/** What the links need of a conversation: its id. */
export interface ConversationRef {
  readonly id: string;
}

export class ConversationLinks {
  constructor(private readonly session: ServerSession) {}

  /** Whether `serverUrl` has pages to open: known for the connected server; another one is given the benefit. */
  servesPages(serverUrl = this.session.serverUrl): boolean {
    return this.session.server?.url !== serverUrl || this.session.webUi;
  }

  /** Opens the conversation's page on `serverUrl`, by default the configured server. */
  async open(conversation?: ConversationRef, serverUrl = this.session.serverUrl): Promise<boolean> {
    return conversation && serverUrl ? vscode.env.openExternal(vscode.Uri.parse(conversationUrl(serverUrl, conversation.id))) : false;
  }

  async copy(conversation?: ConversationRef, serverUrl = this.session.serverUrl): Promise<void> {
    if (!conversation || !serverUrl) return;
    await vscode.env.clipboard.writeText(conversationUrl(serverUrl, conversation.id));
    vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: conversation link copied'), 3000);
  }
}
