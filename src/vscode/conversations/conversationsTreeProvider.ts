// The Conversations view: the conversations started from this VS Code on the configured server.
import * as vscode from 'vscode';
import { ViewItem } from '../../core/platform/viewItems';
import type { ServerSession } from '../connection/serverSession';
import { View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationStore, StartedConversation } from './conversationStore';

export class ConversationsTreeProvider extends Disposable implements vscode.TreeDataProvider<StartedConversation> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly store: ConversationStore, private readonly session: ServerSession) {
    super();
    this.register(vscode.window.createTreeView(View.Conversations, { treeDataProvider: this }));
    this.register(store.onDidChange(() => this.changed.fire()));
    this.register(session.onDidChangeServer(() => this.changed.fire()));
  }

  getChildren(conversation?: StartedConversation): StartedConversation[] {
    const url = this.session.serverUrl;
    return conversation || !url ? [] : [...this.store.list(url)];
  }

  getTreeItem(conversation: StartedConversation): vscode.TreeItem {
    const item = new vscode.TreeItem(conversation.title || '(no message)');
    const when = new Date(conversation.startedAt).toLocaleString();
    const where = conversation.repository ? `${conversation.repository}${conversation.branch ? ` @ ${conversation.branch}` : ''}` : 'no repository';
    item.id = conversation.id;
    item.description = `${where} · ${when}`;
    item.tooltip = `${conversation.title}\n${where}\nStarted ${when}${conversation.status ? ` · ${conversation.status}` : ''}\nid ${conversation.id}`;
    item.iconPath = new vscode.ThemeIcon('comment-discussion');
    item.contextValue = ViewItem.Conversation;
    return item;
  }
}
