// The Conversations view: the server's conversations as the watch last saw them, newest first, each with its
// state, repository and branch, and age; those started from this VS Code marked; a "Load more" line while the
// server has more; why the list could not be had, with a click to retry.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { FeedItem } from '../../core/conversations/conversationFeed';
import { stateFilterLabel, type ConversationFilter } from '../../core/conversations/conversationFilter';
import { rowText } from '../../core/conversations/conversationRow';
import { STATE_PRESENTATION, canResume, canStop, canTakeMessage } from '../../core/conversations/conversationState';
import { ViewItem, contextValue, type ViewItemToken } from '../../core/platform/viewItems';
import type { ServerSession } from '../connection/serverSession';
import { Command, View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationFinder, FoundRows } from './conversationFinder';
import type { ConversationWatch } from './conversationWatch';

export type ConversationNode =
  | { readonly kind: 'conversation'; readonly conversation: FeedItem }
  | { readonly kind: 'more' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'problem'; readonly message: string }
  | { readonly kind: 'filter'; readonly found: FoundRows };

/** The conversation a menu item was opened on; undefined for the other lines. */
export function conversationOf(node?: ConversationNode): FeedItem | undefined {
  return node?.kind === 'conversation' ? node.conversation : undefined;
}

export class ConversationsTreeProvider extends Disposable implements vscode.TreeDataProvider<ConversationNode> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<ConversationNode>;

  constructor(private readonly watch: ConversationWatch, private readonly session: ServerSession, private readonly finder: ConversationFinder) {
    super();
    // Several rows at once: Delete takes them all.
    const view = (this.view = this.register(vscode.window.createTreeView(View.Conversations, { treeDataProvider: this, canSelectMany: true })));
    this.register(view.onDidChangeVisibility((e) => watch.setVisible(e.visible)));
    this.register(watch.onDidChange(() => this.changed.fire()));
    this.register(finder.onDidChange(() => this.changed.fire()));
    watch.setVisible(view.visible);
  }

  /** The rows selected, for a key binding that VS Code runs without them. */
  get selection(): readonly ConversationNode[] { return this.view.selection; }

  getChildren(node?: ConversationNode): ConversationNode[] {
    if (node || !this.session.serverUrl) return [];
    const { feed } = this.watch;
    const problem = feed.problem === undefined ? [] : [{ kind: 'problem' as const, message: messageOf(feed.problem) }];
    const list = feed.list;
    if (!list) return problem.length ? problem : [{ kind: 'loading' }];
    const found = this.finder.active ? this.finder.rows() : { rows: list, hasMore: feed.hasMore };
    const items = found.rows.map((conversation) => ({ kind: 'conversation' as const, conversation }));
    const filterLine = this.finder.active ? [{ kind: 'filter' as const, found: found as FoundRows }] : [];
    return [...problem, ...filterLine, ...items, ...(found.hasMore ? [{ kind: 'more' as const }] : [])];
  }

  getTreeItem(node: ConversationNode): vscode.TreeItem {
    switch (node.kind) {
      case 'conversation': return conversationItem(node.conversation, this.session);
      case 'more': return lineItem(vscode.l10n.t('Load more…'), 'ellipsis',
        { command: Command.LoadMoreConversations, title: vscode.l10n.t('Load more') }, ViewItem.LoadMore);
      case 'loading': return lineItem(vscode.l10n.t('Loading conversations…'), 'loading~spin');
      case 'filter': return filterItem(this.finder.filter, node.found);
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
export function rowOffers(conversation: FeedItem, client: OpenHandsClient | undefined): { stop: boolean; message: boolean; resume: boolean; rename: boolean; delete: boolean } {
  return {
    rename: Boolean(client?.renameConversation),
    delete: Boolean(client?.deleteConversation),
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
    offers.rename && ViewItem.Renamable,
    offers.delete && ViewItem.Deletable,
  );
  item.command = { command: Command.OpenConversation, title: vscode.l10n.t('Open Conversation'), arguments: [{ kind: 'conversation', conversation }] };
  return item;
}

/** The line above filtered rows: what the filter is, how the rows were found, and a click that clears it. */
function filterItem(filter: ConversationFilter, found: FoundRows): vscode.TreeItem {
  const item = lineItem(filterSummary(filter, found), 'filter', { command: Command.ClearConversationFilter, title: vscode.l10n.t('Clear Filter') }, ViewItem.Filter);
  item.description = vscode.l10n.t('click to clear');
  item.tooltip = found.by === 'server'
    ? vscode.l10n.t('The server searched every conversation\'s title. Click to show all conversations again.')
    : vscode.l10n.t('Matched among the conversations loaded so far: Load More looks further. Click to show all conversations again.');
  return item;
}

function filterSummary(filter: ConversationFilter, found: FoundRows): string {
  const states = [...filter.states].map(stateFilterLabel).join(', ');
  const count = found.total ?? found.rows.length;
  if (filter.text && states) return vscode.l10n.t('“{0}” in the title, showing only: {1} ({2})', filter.text, states, found.rows.length);
  if (filter.text && found.by === 'server') return vscode.l10n.t('{0} with “{1}” in the title', count, filter.text);
  if (filter.text) return vscode.l10n.t('{0} of those loaded with “{1}” in the title', count, filter.text);
  return vscode.l10n.t('Showing only: {0} ({1} of those loaded)', states, count);
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
