// The server's own answer to the view's filter, made when the person asks: its search of conversation titles (1.x:
// `title__contains`, paged, counted) for Find, or its list of the conversations in some states (an agent server's
// `status`) for Filter by State; one request for its first page, one per Load More. Apart from the filter
// (conversationFilter.ts) because only the commands make one, so its code loads with them, not at activation.
import type { ConversationsApi } from '../../api/client';
import type { CallOptions } from '../../api/http/transport';
import type { ConversationPage, ConversationState, ConversationSummary } from '../../api/model/conversations';
import { PAGE_SIZE } from './conversationFeed';
import { STATES_OF, type StateFilter } from './conversationFilter';

/** One page of what the server was asked for. */
type PageQuery = (page: { readonly pageId?: string; readonly limit: number }, call: CallOptions) => Promise<ConversationPage>;

/** The server's answer to a title search or a state filter: a page at a time, with how many match in all where it counts. */
export class ConversationSearch {
  private found: ConversationSummary[] = [];
  private nextPageId: string | null = null;

  /**
   * `text`: the words the server searched titles for, '' where it listed states (the view then matches the words
   * itself). `total`: the count the person saw while typing (one request per pause), where the server counts.
   */
  private constructor(readonly text: string, private readonly matches: number | undefined, private readonly query: PageQuery) {}

  /** The server's search of titles for `text`. */
  static byTitle(api: Required<Pick<ConversationsApi, 'searchConversations'>>, text: string, total: number | undefined): ConversationSearch {
    return new ConversationSearch(text, total, (page, call) => api.searchConversations({ text, ...page }, call));
  }

  /** The server's list of the conversations in `states`. */
  static byState(api: Required<Pick<ConversationsApi, 'listByState'>>, states: readonly ConversationState[]): ConversationSearch {
    return new ConversationSearch('', undefined, (page, call) => api.listByState({ states, ...page }, call));
  }

  get items(): readonly ConversationSummary[] { return this.found; }
  get hasMore(): boolean { return this.nextPageId !== null; }
  /** How many conversations match in all, where the server counts. */
  get total(): number | undefined { return this.matches; }

  /** The first page: one request. */
  async run(signal?: AbortSignal): Promise<void> {
    const page = await this.query({ limit: PAGE_SIZE }, { signal });
    this.found = [...page.items];
    this.nextPageId = page.nextPageId;
  }

  async loadMore(signal?: AbortSignal): Promise<void> {
    if (this.nextPageId === null) return;
    const page = await this.query({ pageId: this.nextPageId, limit: PAGE_SIZE }, { signal });
    const known = new Set(this.found.map((item) => item.id));
    this.found = [...this.found, ...page.items.filter((item) => !known.has(item.id))];
    this.nextPageId = page.nextPageId;
  }

  /** Takes in fresher summaries (a poll's) for the conversations it holds, and drops a deleted one. */
  update(fresh: ReadonlyMap<string, ConversationSummary>, deleted: ReadonlySet<string> = new Set()): void {
    this.found = this.found.filter((item) => !deleted.has(item.id)).map((item) => fresh.get(item.id) ?? item);
  }
}

/**
 * The states to ask the server for under the picked filters; undefined where one is no state of the server's
 * (Started here is this machine's), or none is picked: the view then scans the pages of the list.
 */
export function serverStates(filters: ReadonlySet<StateFilter>): ConversationState[] | undefined {
  const picked = [...filters];
  if (!picked.length || picked.includes('startedHere')) return undefined;
  return picked.flatMap((filter) => STATES_OF[filter as Exclude<StateFilter, 'startedHere'>]);
}
