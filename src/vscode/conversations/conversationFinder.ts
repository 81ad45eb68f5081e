// What the Conversations view is narrowed to: the person's filter (Find Conversations, Filter Conversations by
// State) and, where the server searches titles, its search results. Owned here so the view and the commands share one filter; the search runs
// only when the person asks (one request), and is dropped when the server changes.
import * as vscode from 'vscode';
import type { ConversationSummary } from '../../api/model/conversations';
import type { FoundRows } from '../../core/conversations/conversationLines';
import { NO_FILTER, isFiltering, matchesFilter, type ConversationFilter } from '../../core/conversations/conversationFilter';
import type { ConversationSearch } from '../../core/conversations/conversationSearch';
import { loadUntilMatches, type ScanEnd } from '../../core/conversations/filterScan';
import type { ServerSession } from '../connection/serverSession';
import { Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationWatch } from './conversationWatch';

export class ConversationFinder extends Disposable {
  private current: ConversationFilter = NO_FILTER;
  private search: ConversationSearch | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly watch: ConversationWatch, session: ServerSession) {
    super();
    this.register(session.onDidChangeServer(() => this.setFilter(NO_FILTER)));
    this.register(watch.onDidChange(() => this.search?.update(new Map((watch.feed.list ?? []).map((item) => [item.id, item])))));
  }

  get filter(): ConversationFilter { return this.current; }
  get active(): boolean { return isFiltering(this.current); }

  /**
   * Narrows the view. `search`: the server's search for a new title text or its list of new states, already run
   * (the commands make it); the search already made stays while it answers the filter: the same words (only the
   * states changed), or, a list by state, the same states (only the words changed, matched here).
   */
  setFilter(filter: ConversationFilter, search?: ConversationSearch): void {
    const kept = this.search?.text ? this.searches(filter.text) : sameStates(filter.states, this.current.states);
    this.search = search ?? (kept ? this.search : undefined);
    this.current = filter;
    void vscode.commands.executeCommand('setContext', Context.ConversationsFiltered, this.active);
    this.changed.fire();
  }

  /** Whether the server's search for these words was made already. */
  searches(text: string): boolean {
    return Boolean(text) && this.search?.text === text;
  }

  /**
   * Loads pages, the server's search's or the list's, until the filter shows a page more rows or nothing is left
   * to load (loadUntilMatches); `onProgress` hears how many were searched so far.
   */
  async findMore(onProgress: (searched: number) => void, signal: AbortSignal): Promise<ScanEnd> {
    const { search } = this;
    const loadMore = search
      ? async (s: AbortSignal) => { await search.loadMore(s); this.changed.fire(); }
      : (s: AbortSignal) => this.watch.loadMore(s);
    return loadUntilMatches({
      matches: () => this.rows().rows.length, searched: () => this.rows().searched, hasMore: () => this.rows().hasMore, loadMore,
    }, onProgress, signal);
  }

  /** Deleted conversations leave the search results at once. */
  forget(ids: ReadonlySet<string>): void {
    this.search?.update(new Map(), ids);
    this.changed.fire();
  }

  /** The rows the view shows under the filter, from the search or from what the watch has loaded. */
  rows(): FoundRows {
    const { feed } = this.watch;
    const { search } = this;
    if (search) {
      const started = feed.startedStates;
      const items = search.items.map((item: ConversationSummary) => ({ ...item, startedHere: started.has(item.id) }));
      // Words the server did not search for (it listed states) are matched here.
      const rows = items.filter((item) => matchesFilter(item, this.current, search.text !== this.current.text));
      return { rows, hasMore: search.hasMore, by: search.text ? 'server' : 'serverStates', total: search.total, searched: items.length };
    }
    const list = feed.list ?? [];
    const rows = list.filter((item) => matchesFilter(item, this.current, this.current.text !== ''));
    return { rows, hasMore: feed.hasMore, by: 'loaded', total: undefined, searched: list.length };
  }
}

function sameStates(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((state) => b.has(state));
}
