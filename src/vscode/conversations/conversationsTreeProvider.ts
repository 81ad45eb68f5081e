// The Conversations view: the server's conversations as the watch last saw them, newest first, each with its
// state, repository and branch, and age; those started from this VS Code marked; a "Load more" line while the
// server has more; why the list could not be had, with a click to retry. A poll that changes rows refreshes those
// rows alone, as the objects VS Code was given: a whole refresh would leave a row's menu command chosen meanwhile
// without its row (core/conversations/conversationLines.ts).
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { FeedItem } from '../../core/conversations/conversationFeed';
import { filterSummary, filterTooltip } from '../../core/conversations/filterSummary';
import { conversationLines, type ConversationLine, type FilterLine } from '../../core/conversations/conversationLines';
import { STATE_PRESENTATION, canResume, canStop, canTakeMessage } from '../../core/conversations/conversationState';
import { systemClock } from '../../core/conversations/refreshSchedule';
import { PendingWhole } from '../../core/platform/pendingWhole';
import { treeChange } from '../../core/platform/treeChanges';
import { ViewItem, contextValue, type ViewItemToken } from '../../core/platform/viewItems';
import type { CheckMarks } from '../check/checkMarks';
import type { ServerSession } from '../connection/serverSession';
import { Command, View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationFinder } from './conversationFinder';
import type { ConversationWatch } from './conversationWatch';

/** A line of the view as VS Code was given it: the same object from poll to poll, its content the newest. */
export type ConversationNode = ConversationLine;

/** The conversation a menu item was opened on; undefined for the other lines. */
export function conversationOf(node?: ConversationNode): FeedItem | undefined {
  return node?.kind === 'conversation' ? node.conversation : undefined;
}

export class ConversationsTreeProvider extends Disposable implements vscode.TreeDataProvider<ConversationNode> {
  private readonly changed = this.register(new vscode.EventEmitter<ConversationNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<ConversationNode>;
  /** The lines as last built: what the next build is compared with. */
  private lines: readonly ConversationLine[] = [];
  /**
   * The objects VS Code was last given, by id. VS Code knows a row, and hands it to the row's menu commands, only as
   * the object it was given, so a line whose content changed keeps its object, updated in place, and is refreshed
   * alone.
   */
  private readonly given = new Map<string, ConversationNode>();
  private readonly whole = this.register(new PendingWhole(systemClock, () => this.changed.fire(undefined), () => this.view.visible));

  constructor(
    private readonly watch: ConversationWatch, private readonly session: ServerSession, private readonly finder: ConversationFinder, private readonly checks: CheckMarks,
  ) {
    super();
    // Several rows at once: Delete takes them all.
    const view = (this.view = this.register(vscode.window.createTreeView(View.Conversations, { treeDataProvider: this, canSelectMany: true })));
    this.register(view.onDidChangeVisibility((e) => watch.setVisible(e.visible)));
    this.register(watch.onDidChange(() => this.update()));
    this.register(finder.onDidChange(() => this.update()));
    this.register(checks.onDidChange(() => this.update()));
    watch.setVisible(view.visible);
  }

  /** The rows selected, for a key binding that VS Code runs without them. */
  get selection(): readonly ConversationNode[] { return this.view.selection; }

  getChildren(node?: ConversationNode): ConversationNode[] {
    if (node) return [];
    // VS Code asks for the lines anew: answered from a fresh build, which later changes are measured against.
    this.lines = this.build();
    this.whole.topLevelAsked();
    const nodes = this.lines.map((line) => this.keep(line));
    this.given.clear();
    for (const kept of nodes) this.given.set(kept.id, kept);
    return nodes;
  }

  getTreeItem(node: ConversationNode): vscode.TreeItem {
    switch (node.kind) {
      case 'conversation': return conversationItem(node, this.session, this.checks);
      case 'more': return lineItem(vscode.l10n.t('Load more…'), 'ellipsis',
        { command: Command.LoadMoreConversations, title: vscode.l10n.t('Load more') }, ViewItem.LoadMore);
      case 'loading': return lineItem(vscode.l10n.t('Loading conversations…'), 'loading~spin');
      case 'filter': return filterItem(node.filter);
      case 'problem': {
        const item = lineItem(vscode.l10n.t('Could not load the conversations'), 'error',
          { command: Command.RefreshConversations, title: vscode.l10n.t('Retry') });
        item.description = node.message;
        item.tooltip = vscode.l10n.t('{0}\nClick to retry.', node.message);
        return item;
      }
    }
  }

  /** Builds the lines again and tells VS Code what changed: the whole view, the lines that changed, or nothing. */
  private update(): void {
    const next = this.build();
    const change = treeChange(this.lines, next);
    this.lines = next;
    // Another whole refresh before VS Code asked for the lines would only make it forget the rows once more.
    if (this.whole.pending) return;
    const changed = change.kind === 'nodes' ? next.filter((line) => change.ids.includes(line.id)) : [];
    const nodes = changed.map((line) => this.given.get(line.id));
    if (change.kind === 'all' || nodes.includes(undefined)) {
      this.whole.refresh();
      return;
    }
    for (const line of changed) this.keep(line);
    if (nodes.length) this.changed.fire(nodes as ConversationNode[]);
  }

  /** The object given for the line's id, its content now the line's; a new object for a line not given before. */
  private keep(line: ConversationLine): ConversationNode {
    const node = this.given.get(line.id);
    return node?.kind === line.kind ? Object.assign(node, line) : { ...line };
  }

  private build(): ConversationLine[] {
    const { feed } = this.watch;
    const { filter } = this.finder;
    return conversationLines({
      noServer: !this.session.serverUrl,
      list: feed.list,
      hasMore: feed.hasMore,
      problem: feed.problem === undefined ? undefined : messageOf(feed.problem),
      filtered: this.finder.active ? { text: filter.text, states: [...filter.states], found: this.finder.rows() } : undefined,
      checks: this.checks.all,
    }, Date.now());
  }
}

/** What a row offers beyond its links, as the server's client and the conversation's state allow. */
export function rowOffers(conversation: FeedItem, client: OpenHandsClient | undefined): { stop: boolean; message: boolean; resume: boolean; rename: boolean; delete: boolean } {
  return {
    rename: Boolean(client?.renameConversation),
    delete: Boolean(client?.deleteConversation),
    stop: Boolean(client?.stopConversation) && canStop(conversation.state),
    message: Boolean(client?.sendMessage) && canTakeMessage(conversation.state, client?.goesOnAfterError),
    resume: Boolean(client?.resumeConversation) && canResume(conversation.state, client?.goesOnAfterError),
  };
}

function conversationItem(node: ConversationNode & { kind: 'conversation' }, session: ServerSession, checks: CheckMarks): vscode.TreeItem {
  const { conversation, row } = node;
  const item = new vscode.TreeItem(row.label);
  item.id = conversation.id;
  item.description = row.description;
  item.tooltip = vscode.l10n.t('{0}\nClick to open its transcript.', row.tooltip);
  item.iconPath = new vscode.ThemeIcon(STATE_PRESENTATION[conversation.state].icon, stateColor(conversation.state));
  const offers = rowOffers(conversation, session.server?.client);
  const check = checks.get(conversation.id);
  item.contextValue = contextValue(
    ViewItem.Conversation,
    conversation.startedHere && ViewItem.StartedHere,
    offers.stop && ViewItem.Stoppable,
    offers.message && ViewItem.Messageable,
    offers.resume && ViewItem.Resumable,
    offers.rename && ViewItem.Renamable,
    offers.delete && ViewItem.Deletable,
    check && ViewItem.Checked,
    check && (check.end === 'failed' || check.end === 'timed-out') && ViewItem.CheckFailed,
  );
  item.command = { command: Command.OpenConversation, title: vscode.l10n.t('Open Conversation'), arguments: [node] };
  return item;
}

/** The line above filtered rows: what the filter is, how the rows were found, and a click that clears it. */
function filterItem(filter: FilterLine): vscode.TreeItem {
  const item = lineItem(filterSummary(filter), 'filter', { command: Command.ClearConversationFilter, title: vscode.l10n.t('Clear Filter') }, ViewItem.Filter);
  item.description = vscode.l10n.t('click to clear');
  item.tooltip = filterTooltip(filter);
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
