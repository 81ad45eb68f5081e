// The server's search of conversation titles (1.x: `title__contains`, paged, counted), made when the person asks
// Find: one request for its first page, one per Load More. Apart from the filter (conversationFilter.ts) because
// only the commands make one, so its code loads with them, not at activation.
import type { ConversationsApi } from '../../api/client';
import type { ConversationSummary } from '../../api/model/conversations';
import { PAGE_SIZE } from './conversationFeed';

/** The server's answer to a title search: a page at a time, with how many match in all. */
export class ConversationSearch {
  private found: ConversationSummary[] = [];
  private nextPageId: string | null = null;
  /** `total`: the count the person saw while typing (one request per pause), where the server counts. */
  constructor(readonly text: string, private readonly matches: number | undefined) {}

  get items(): readonly ConversationSummary[] { return this.found; }
  get hasMore(): boolean { return this.nextPageId !== null; }
  /** How many conversations match in all, where the server counts. */
  get total(): number | undefined { return this.matches; }

  /** The first page: one request. */
  async run(api: Required<Pick<ConversationsApi, 'searchConversations'>>, signal?: AbortSignal): Promise<void> {
    const page = await api.searchConversations({ text: this.text, limit: PAGE_SIZE }, { signal });
    this.found = [...page.items];
    this.nextPageId = page.nextPageId;
  }

  async loadMore(api: Required<Pick<ConversationsApi, 'searchConversations'>>, signal?: AbortSignal): Promise<void> {
    if (this.nextPageId === null) return;
    const page = await api.searchConversations({ text: this.text, pageId: this.nextPageId, limit: PAGE_SIZE }, { signal });
    const known = new Set(this.found.map((item) => item.id));
    this.found = [...this.found, ...page.items.filter((item) => !known.has(item.id))];
    this.nextPageId = page.nextPageId;
  }

  /** Takes in fresher summaries (a poll's) for the conversations it holds, and drops a deleted one. */
  update(fresh: ReadonlyMap<string, ConversationSummary>, deleted: ReadonlySet<string> = new Set()): void {
    this.found = this.found.filter((item) => !deleted.has(item.id)).map((item) => fresh.get(item.id) ?? item);
  }
}
