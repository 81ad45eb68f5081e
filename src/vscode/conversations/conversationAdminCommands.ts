// Keeping a long list usable: Rename (F2), Delete (the Delete key, several rows at once, after a modal that names
// what is lost), Find (a title search that counts the matches as the person types, one request per pause) and
// Filter Conversations by State; Load More pages the search when one is shown.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { NO_FILTER, STATE_FILTERS, stateFilterLabel, type ConversationFilter, type StateFilter } from '../../core/conversations/conversationFilter';
import { ConversationSearch, serverStates } from '../../core/conversations/conversationSearch';
import { deleteQuestion } from '../../core/conversations/deleteQuestion';
import { titleProblem } from '../../core/conversations/conversationTitle';
import type { ChangesStore } from '../changes/changesStore';
import type { ServerSession } from '../connection/serverSession';
import type { CommandHandler } from '../platform/commands';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Command } from '../platform/ids';
import type { ConversationActions } from './conversationActions';
import type { ConversationFinder } from './conversationFinder';
import type { ConversationWatch } from './conversationWatch';
import { conversationOf, type ConversationNode, type ConversationsTreeProvider } from './conversationsTreeProvider';
import { PAGE_SIZE, type FeedItem } from '../../core/conversations/conversationFeed';
import { anyConversation, rowConversation } from './rowConversation';
import { askTitleSearch } from './titleSearchInput';

export interface AdminServices {
  readonly session: ServerSession;
  readonly watch: ConversationWatch;
  readonly finder: ConversationFinder;
  readonly changes: ChangesStore;
  readonly actions: ConversationActions;
  readonly errors: ErrorPresenter;
  readonly tree: ConversationsTreeProvider;
}

export function conversationAdminCommands(services: AdminServices) {
  const { finder, actions } = services;
  return {
    // A menu passes the row it was on and every selected row; a key binding may pass none: the selection then.
    // Neither, when the view was refreshed whole meanwhile: the person picks (rowConversation).
    [Command.RenameConversation]: async (node?: ConversationNode) => rename(services, await rowConversation(node ?? services.tree.selection[0], services.watch,
      anyConversation(vscode.l10n.t('Rename which conversation?')))),
    [Command.DeleteConversation]: async (node?: ConversationNode, nodes?: readonly ConversationNode[]) => remove(services, await chosen(services, node, nodes)),
    [Command.OpenSelectedConversation]: () => openSelected(services.tree),
    [Command.FindConversations]: () => find(services),
    [Command.FilterConversations]: () => filterByState(services),
    [Command.ClearConversationFilter]: () => finder.setFilter(NO_FILTER),
    // Under a filter, Load More looks for a page more of its matches, however many pages that takes.
    [Command.LoadMoreConversations]: async () => (finder.active ? findMatches(services) : actions.loadMore()),
  } satisfies Record<string, CommandHandler>;
}

/**
 * Enter on a line of the view (its key binding takes the place of the tree's own Enter, which runs what a click
 * runs): a conversation's transcript opens focused; another line does what its click does.
 */
async function openSelected(tree: ConversationsTreeProvider): Promise<void> {
  const node = tree.selection[0];
  const conversation = conversationOf(node);
  if (conversation) await vscode.commands.executeCommand(Command.OpenConversation, conversation.id);
  else if (node) {
    const command = tree.getTreeItem(node).command;
    if (command) await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  }
}

async function chosen(services: AdminServices, node: ConversationNode | undefined, nodes: readonly ConversationNode[] | undefined): Promise<FeedItem[]> {
  const all = nodes?.length ? nodes : node ? [node] : services.tree.selection;
  const rows = all.flatMap((n) => conversationOf(n) ?? []);
  if (rows.length) return rows;
  const picked = await rowConversation(undefined, services.watch, anyConversation(vscode.l10n.t('Delete which conversation?')));
  return picked ? [picked] : [];
}

async function clientFor(services: AdminServices): Promise<OpenHandsClient | undefined> {
  return (await services.session.connect())?.client;
}

async function rename(services: AdminServices, conversation: FeedItem | undefined): Promise<void> {
  const client = await clientFor(services);
  if (!conversation || !client?.renameConversation) return;
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Rename Conversation'), value: conversation.title, prompt: vscode.l10n.t('The conversation\'s new title, as the server and its web UI show it.'),
    validateInput: (text) => titleProblem(text),
  });
  if (typed === undefined || titleProblem(typed) !== undefined || typed.trim() === conversation.title) return;
  try {
    await client.renameConversation(conversation.id, typed.trim());
    services.watch.refresh();
  } catch (error) {
    await services.errors.show(error);
  }
}

async function remove(services: AdminServices, conversations: readonly FeedItem[]): Promise<void> {
  const client = await clientFor(services);
  if (!conversations.length || !client?.deleteConversation) return;
  if (!(await confirmDelete(conversations))) return;
  const deleted = new Set<string>();
  try {
    for (const conversation of conversations) {
      await client.deleteConversation(conversation.id);
      deleted.add(conversation.id);
    }
  } catch (error) {
    await services.errors.show(error);
  } finally {
    if (deleted.size) await forget(services, deleted);
  }
}

/** What a deleted conversation leaves here goes with it: its row, its tab (closed with a notice), its changes. */
async function forget({ watch, finder, changes }: AdminServices, ids: ReadonlySet<string>): Promise<void> {
  finder.forget(ids);
  for (const id of ids) changes.forget(id);
  await watch.deleted(ids);
  watch.refresh();
}

async function confirmDelete(conversations: readonly FeedItem[]): Promise<boolean> {
  const del = vscode.l10n.t('Delete');
  const { question, detail } = deleteQuestion(conversations);
  const choice = await vscode.window.showWarningMessage(question, { modal: true, detail }, del);
  return choice === del;
}

async function find(services: AdminServices): Promise<void> {
  const client = await clientFor(services);
  if (!client) return;
  const current = services.finder.filter;
  const asked = await askTitleSearch(client, current.text);
  if (asked === undefined) return;
  try {
    services.finder.setFilter({ ...current, text: asked.text }, await titleSearch(services.finder, client, asked.text, asked.total));
  } catch (error) {
    await services.errors.show(error);
  }
}

/**
 * The server's search for the words, its first page read (one request; `total`: the count the person saw while
 * typing); none where the server cannot search titles or the search for these words was made already.
 */
async function titleSearch(finder: ConversationFinder, client: OpenHandsClient, text: string, total: number | undefined): Promise<ConversationSearch | undefined> {
  if (!text || !client.searchConversations || finder.searches(text)) return undefined;
  const search = ConversationSearch.byTitle({ searchConversations: client.searchConversations }, text, total);
  await search.run();
  return search;
}

/**
 * The server's list of the picked states, its first page read (one request); none where the server cannot list by
 * state, a picked filter is no state of the server's (Started here), or its search for the words is shown.
 */
async function stateSearch(services: AdminServices, filter: ConversationFilter): Promise<ConversationSearch | undefined> {
  const states = serverStates(filter.states);
  const client = states && await clientFor(services);
  if (!states || !client?.listByState || services.finder.searches(filter.text)) return undefined;
  const search = ConversationSearch.byState({ listByState: client.listByState }, states);
  await search.run();
  return search;
}

async function filterByState(services: AdminServices): Promise<void> {
  const current = services.finder.filter;
  const items = STATE_FILTERS.map((filter) => ({ label: stateFilterLabel(filter), picked: current.states.has(filter), filter }));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Show Only Conversations That Are…'), canPickMany: true,
    placeHolder: vscode.l10n.t('None picked shows every state. More are loaded until a page of them shows.'),
  });
  if (!picked) return;
  const filter = { ...current, states: new Set<StateFilter>(picked.map((item) => item.filter)) };
  try {
    services.finder.setFilter(filter, await stateSearch(services, filter));
  } catch (error) {
    return services.errors.show(error, { retry: () => filterByState(services) });
  }
  const found = services.finder.rows();
  if (services.finder.active && found.hasMore && found.rows.length < PAGE_SIZE) await findMatches(services);
}

/**
 * Loads pages, the list's or the server's answer's, until the filter shows a page more rows or they end, in a
 * notification that counts the conversations searched and can be cancelled; the filter's line then says how many
 * were searched.
 */
async function findMatches(services: AdminServices): Promise<void> {
  const cancel = new AbortController();
  try {
    await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, cancellable: true, title: vscode.l10n.t('OpenHands: looking for conversations that match the filter'),
    }, async (progress, token) => {
      const cancelled = token.onCancellationRequested(() => cancel.abort());
      try {
        await services.finder.findMore((searched) => progress.report({ message: vscode.l10n.t('{0} conversations searched', searched) }), cancel.signal);
      } finally {
        cancelled.dispose();
      }
    });
  } catch (error) {
    if (!cancel.signal.aborted) await services.errors.show(error, { retry: () => findMatches(services) });
  }
}
