// What the Conversations view is narrowed to: the person's filter (Find, Filter by State) and, where the server
// searches titles, its search results. Owned here so the view and the commands share one filter; the search runs
// only when the person asks (one request), and is dropped when the server changes.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { ConversationSummary } from '../../api/model/conversations';
import type { FeedItem } from '../../core/conversations/conversationFeed';
import { ConversationSearch, NO_FILTER, isFiltering, matchesFilter, type ConversationFilter } from '../../core/conversations/conversationFilter';
import type { ServerSession } from '../connection/serverSession';
import { Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationWatch } from './conversationWatch';

/** The rows under a filter, whether more can be loaded, and how they were found (the view says which). */
export interface FoundRows {
  readonly rows: readonly FeedItem[];
  readonly hasMore: boolean;
  /** `server`: the server searched the titles; `loaded`: the rows already loaded were matched here. */
  readonly by: 'server' | 'loaded';
  readonly total: number | undefined;
}

export class ConversationFinder extends Disposable {
  private current: ConversationFilter = NO_FILTER;
  private search: ConversationSearch | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly watch: ConversationWatch, session: ServerSession) {
    super();
    this.register(session.onDidChangeServer(() => void this.setFilter(NO_FILTER)));
    this.register(watch.onDidChange(() => this.search?.update(new Map((watch.feed.list ?? []).map((item) => [item.id, item])))));
  }

  get filter(): ConversationFilter { return this.current; }
  get active(): boolean { return isFiltering(this.current); }

  /** Narrows the view; a title text is searched by the server where it can (`total`: the count already seen). */
  async setFilter(filter: ConversationFilter, client?: OpenHandsClient, total?: number): Promise<void> {
    // The same words keep the search already made: only the states changed.
    const kept = this.search?.text === filter.text ? this.search : undefined;
    const search = kept ?? (filter.text && client?.searchConversations ? new ConversationSearch(filter.text, total) : undefined);
    if (search && !kept && client?.searchConversations) await search.run({ searchConversations: client.searchConversations });
    this.current = filter;
    this.search = search;
    void vscode.commands.executeCommand('setContext', Context.ConversationsFiltered, this.active);
    this.changed.fire();
  }

  /** The next page of the server's search; false when the view's own Load More applies (no server search). */
  async loadMore(client: OpenHandsClient | undefined): Promise<boolean> {
    if (!this.search || !client?.searchConversations) return false;
    await this.search.loadMore({ searchConversations: client.searchConversations });
    this.changed.fire();
    return true;
  }

  /** Deleted conversations leave the search results at once. */
  forget(ids: ReadonlySet<string>): void {
    this.search?.update(new Map(), ids);
    this.changed.fire();
  }

  /** The rows the view shows under the filter, from the search or from what the watch has loaded. */
  rows(): FoundRows {
    const feed = this.watch.feed;
    if (this.search) {
      const started = feed.startedStates;
      const items = this.search.items.map((item: ConversationSummary) => ({ ...item, startedHere: started.has(item.id) }));
      return { rows: items.filter((item) => matchesFilter(item, this.current, false)), hasMore: this.search.hasMore, by: 'server', total: this.search.total };
    }
    const rows = (feed.list ?? []).filter((item) => matchesFilter(item, this.current, this.current.text !== ''));
    return { rows, hasMore: feed.hasMore, by: 'loaded', total: undefined };
  }
}
