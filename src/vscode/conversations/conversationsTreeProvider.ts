// The Conversations view: the server's conversations as the watch last saw them, newest first, each with its
// state, repository and branch, and age; those started from this VS Code marked; a "Load more" line while the
// server has more; why the list could not be had, with a click to retry.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { FeedItem } from '../../core/conversations/conversationFeed';
import { rowText } from '../../core/conversations/conversationRow';
import { STATE_PRESENTATION, canResume, canStop, canTakeMessage } from '../../core/conversations/conversationState';
import { ViewItem, contextValue, type ViewItemToken } from '../../core/platform/viewItems';
import type { ServerSession } from '../connection/serverSession';
import { Command, View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationWatch } from './conversationWatch';

export type ConversationNode =
  | { readonly kind: 'conversation'; readonly conversation: FeedItem }
  | { readonly kind: 'more' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'problem'; readonly message: string };

/** The conversation a menu item was opened on; undefined for the other lines. */
export function conversationOf(node?: ConversationNode): FeedItem | undefined {
  return node?.kind === 'conversation' ? node.conversation : undefined;
}

export class ConversationsTreeProvider extends Disposable implements vscode.TreeDataProvider<ConversationNode> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly watch: ConversationWatch, private readonly session: ServerSession) {
    super();
    const view = this.register(vscode.window.createTreeView(View.Conversations, { treeDataProvider: this }));
    this.register(view.onDidChangeVisibility((e) => watch.setVisible(e.visible)));
    this.register(watch.onDidChange(() => this.changed.fire()));
    watch.setVisible(view.visible);
  }

  getChildren(node?: ConversationNode): ConversationNode[] {
    if (node || !this.session.serverUrl) return [];
    const { feed } = this.watch;
    const problem = feed.problem === undefined ? [] : [{ kind: 'problem' as const, message: messageOf(feed.problem) }];
    const list = feed.list;
    if (!list) return problem.length ? problem : [{ kind: 'loading' }];
    const items = list.map((conversation) => ({ kind: 'conversation' as const, conversation }));
    return [...problem, ...items, ...(feed.hasMore ? [{ kind: 'more' as const }] : [])];
  }

  getTreeItem(node: ConversationNode): vscode.TreeItem {
    switch (node.kind) {
      case 'conversation': return conversationItem(node.conversation, this.session);
      case 'more': return lineItem(vscode.l10n.t('Load more…'), 'ellipsis',
        { command: Command.LoadMoreConversations, title: vscode.l10n.t('Load more') }, ViewItem.LoadMore);
      case 'loading': return lineItem(vscode.l10n.t('Loading conversations…'), 'loading~spin');
      case 'problem': {
        const item = lineItem(vscode.l10n.t('Could not load the conversations'), 'error',
          { command: Command.RefreshConversations, title: vscode.l10n.t('Retry') });
        item.description = node.message;
        item.tooltip = vscode.l10n.t('{0}\nClick to retry.', node.message);
        return item;
      }
    }
  }
}

/** What a row offers beyond its links, as the server's client and the conversation's state allow. */
export function rowOffers(conversation: FeedItem, client: OpenHandsClient | undefined): { stop: boolean; message: boolean; resume: boolean } {
  return {
    stop: Boolean(client?.stopConversation) && canStop(conversation.state),
    message: Boolean(client?.sendMessage) && canTakeMessage(conversation.state),
    resume: Boolean(client?.resumeConversation) && canResume(conversation.state),
  };
}

function conversationItem(conversation: FeedItem, session: ServerSession): vscode.TreeItem {
  const row = rowText(conversation, Date.now());
  const item = new vscode.TreeItem(row.label);
  item.id = conversation.id;
  item.description = row.description;
  item.tooltip = vscode.l10n.t('{0}\nClick to open its transcript.', row.tooltip);
  item.iconPath = new vscode.ThemeIcon(STATE_PRESENTATION[conversation.state].icon, stateColor(conversation.state));
  const offers = rowOffers(conversation, session.server?.client);
  item.contextValue = contextValue(
    ViewItem.Conversation,
    conversation.startedHere && ViewItem.StartedHere,
    offers.stop && ViewItem.Stoppable,
    offers.message && ViewItem.Messageable,
    offers.resume && ViewItem.Resumable,
  );
  item.command = { command: Command.OpenConversation, title: vscode.l10n.t('Open Conversation'), arguments: [{ kind: 'conversation', conversation }] };
  return item;
}

function stateColor(state: FeedItem['state']): vscode.ThemeColor | undefined {
  if (state === 'error') return new vscode.ThemeColor('errorForeground');
  if (state === 'finished') return new vscode.ThemeColor('testing.iconPassed');
  return state === 'waiting' ? new vscode.ThemeColor('notificationsWarningIcon.foreground') : undefined;
}

function lineItem(label: string, icon: string, command?: vscode.Command, token?: ViewItemToken): vscode.TreeItem {
  const item = new vscode.TreeItem(label);
  item.iconPath = new vscode.ThemeIcon(icon);
  item.command = command;
  if (token) item.contextValue = token;
  return item;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
