// What the Conversations view shows: the server's conversations, newest first, as many pages as the person
// loaded, each marked when it was started from this VS Code; and the last known state of those started here,
// so that a poll can tell which of them just stopped working. Pure: the client is passed to each call.
import type { ConversationsApi } from '../../api/client';
import type { ConversationPage, ConversationState, ConversationSummary } from '../../api/model/conversations';
import { RateLimitedError } from '../../api/http/statusErrors';
import { isWorking, stoppedWorking } from './conversationState';
import { FirstMessages } from './firstMessages';
import type { PollKind, PollOutcome } from './refreshSchedule';

export const PAGE_SIZE = 20;

export interface FeedItem extends ConversationSummary {
  readonly startedHere: boolean;
}

export interface FeedPoll extends PollOutcome {
  /** Conversations started here or followed that were working before this poll and no longer are. */
  readonly stopped: readonly FeedItem[];
}

export class ConversationFeed {
  private items: ConversationSummary[] = [];
  private nextPageId: string | null = null;
  private loaded = false;
  private pagesLoaded = 0;
  /**
   * The next list poll reads every loaded page again and takes the server's list as it is: after a failure (the
   * server may have restarted with other conversations) and when the person asks Refresh.
   */
  private rereadAll = false;
  /** The last known state of each conversation started here, by id. */
  private readonly started = new Map<string, ConversationState>();
  /**
   * Conversations not started here that a follow-up from here set working: asked by id until they stop, told once
   * (the run that took a review is followed so, whether or not a view shows it), then forgotten.
   */
  private readonly following = new Map<string, ConversationState>();
  /** The conversations an open transcript tab shows: asked by id when not on the first page. */
  private watched: readonly string[] = [];
  /** The last state the server gave of each conversation seen, `gone` where it no longer has one asked by id. */
  private readonly known = new Map<string, ConversationState>();
  /** What the person typed as the first line of each one started here. */
  private readonly typedTitles = new Map<string, string>();
  private failure: unknown;
  private readonly firstMessages = new FirstMessages();

  /** The list as the view shows it; undefined until the first page came. */
  get list(): readonly FeedItem[] | undefined {
    return this.loaded ? this.items.map((item) => this.shown(item)) : undefined;
  }

  /**
   * Until the server names it (from the first message, with its LLM), one started here shows the words typed,
   * another the person's first message as the server keeps it.
   */
  private shown(item: ConversationSummary): FeedItem {
    const startedHere = this.started.has(item.id);
    const unnamed = isPlaceholderTitle(item);
    const typed = startedHere && unnamed ? this.typedTitles.get(item.id) : undefined;
    return { ...item, title: typed || (unnamed && this.firstMessages.of(item.id)) || item.title, startedHere };
  }
  get hasMore(): boolean { return this.nextPageId !== null; }
  /** Why the last poll failed, cleared by the next that works. */
  get problem(): unknown { return this.failure; }
  /** The conversations started here that are starting or running, and those a follow-up from here set working. */
  get workingStarted(): readonly string[] {
    return [...this.started].filter(([, state]) => isWorking(state)).map(([id]) => id).concat([...this.following.keys()]);
  }
  get startedStates(): ReadonlyMap<string, ConversationState> { return this.started; }

  /** The conversation's state as the row shows it, the one truth the tab shows too; undefined when never seen. */
  stateOf(id: string): ConversationState | undefined {
    return this.known.get(id) ?? this.started.get(id);
  }

  /** The conversations open in transcript tabs: their states are kept too. */
  setWatched(ids: readonly string[]): void {
    this.watched = [...ids];
  }

  /** A follow-up from here set a conversation not started here working: it is followed until it stops. */
  follow(id: string): void {
    if (!this.started.has(id)) this.following.set(id, 'running');
  }

  /** The conversations started here, with their last known state (unknown when never seen). */
  setStarted(entries: readonly { readonly id: string; readonly state?: ConversationState; readonly title?: string }[]): void {
    const ids = new Set(entries.map((e) => e.id));
    for (const id of this.started.keys()) if (!ids.has(id)) this.started.delete(id);
    this.typedTitles.clear();
    for (const entry of entries) if (entry.title) this.typedTitles.set(entry.id, entry.title);
    for (const entry of entries) if (!this.started.has(entry.id) || entry.state) this.started.set(entry.id, entry.state ?? this.started.get(entry.id) ?? 'unknown');
  }

  /** Forgets the server's list (the server changed); the started ones stay, set again by the caller. */
  reset(): void {
    this.items = [];
    this.nextPageId = null;
    this.loaded = false;
    this.pagesLoaded = 0;
    this.rereadAll = false;
    this.failure = undefined;
    this.known.clear();
    this.following.clear();
    this.firstMessages.clear();
  }

  /** The next list poll takes the server's whole list again, every loaded page read anew (Refresh). */
  rereadList(): void {
    this.rereadAll = true;
  }

  async poll(api: ConversationsApi, kind: PollKind, signal: AbortSignal): Promise<FeedPoll> {
    const before = this.snapshot();
    const quiet = () => ({ changed: false, working: this.workingStarted.length > 0, stopped: [] });
    try {
      const listed = kind === 'list' ? await this.readList(api, signal) : undefined;
      const page = listed?.page;
      const asked = kind === 'list' ? [...new Set([...this.workingStarted, ...this.watched])] : this.workingStarted;
      const beyond = asked.filter((id) => !page?.items.some((item) => item.id === id));
      const states = beyond.length ? await api.getConversations(beyond, { signal }) : [];
      // An answer for a server that is no longer the configured one is dropped.
      if (signal.aborted) return quiet();
      if (listed) this.takeList(listed.page, listed.pages);
      this.failure = undefined;
      const stopped = this.apply([...page?.items ?? [], ...states, ...goneOf(beyond, states, this.items)]);
      const learnt = page !== undefined && await this.firstMessages.learn(api, this.unnamed(), Date.now(), { signal });
      return { changed: learnt || this.snapshot() !== before, working: this.workingStarted.length > 0, stopped };
    } catch (error) {
      return signal.aborted ? quiet() : this.failed(error);
    }
  }

  /** Records why the list could not be had (the poll failed, or there is no server to ask). */
  failed(error: unknown): FeedPoll {
    const changed = this.failure === undefined;
    this.failure = error;
    this.rereadAll = true;
    const retryAfterMs = error instanceof RateLimitedError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;
    return { changed, working: this.workingStarted.length > 0, failed: true, retryAfterMs, stopped: [] };
  }

  /** The listed conversations the server has not named and whose first message is not shown yet, top first. */
  private unnamed(): string[] {
    return this.items.filter((item) => isPlaceholderTitle(this.shown(item))).map((item) => item.id);
  }

  /** Drops deleted conversations from the list at once (the server no longer lists them either). */
  forget(ids: ReadonlySet<string>): void {
    this.items = this.items.filter((item) => !ids.has(item.id));
    for (const id of ids) {
      this.started.delete(id);
      this.following.delete(id);
    }
  }

  /** The next page, after the ones loaded. */
  async loadMore(api: ConversationsApi, signal?: AbortSignal): Promise<void> {
    if (this.nextPageId === null) return;
    const page = await api.listConversations({ pageId: this.nextPageId, limit: PAGE_SIZE }, { signal });
    this.append(page);
    this.apply(page.items);
  }

  /** The first page, or every page loaded when the whole list is read again, as one page. */
  private async readList(api: ConversationsApi, signal: AbortSignal): Promise<{ page: ConversationPage; pages: number }> {
    const wanted = this.rereadAll ? Math.max(1, this.pagesLoaded) : 1;
    let page = await api.listConversations({ limit: PAGE_SIZE }, { signal });
    const items = [...page.items];
    const read = new Set(items.map((item) => item.id));
    let pages = 1;
    while (pages < wanted && page.nextPageId !== null && !signal.aborted) {
      page = await api.listConversations({ pageId: page.nextPageId, limit: PAGE_SIZE }, { signal });
      items.push(...page.items.filter((item) => !read.has(item.id)));
      for (const item of page.items) read.add(item.id);
      pages++;
    }
    return { page: { items, nextPageId: page.nextPageId }, pages };
  }

  /**
   * The pages read replace those loaded when they are all of them or the whole list (a server that restarted with
   * fewer conversations keeps none of the others). Otherwise the first page is put on top, and the pages loaded
   * with Load more stay: new conversations push their first ones down, not out.
   */
  private takeList(page: ConversationPage, pages: number): void {
    const whole = pages >= this.pagesLoaded || page.nextPageId === null;
    const readIds = new Set(page.items.map((item) => item.id));
    this.items = whole ? [...page.items] : [...page.items, ...this.items.filter((item) => !readIds.has(item.id))];
    if (whole) this.nextPageId = page.nextPageId;
    this.pagesLoaded = whole ? pages : this.pagesLoaded;
    this.rereadAll = false;
    this.loaded = true;
  }

  private append(page: ConversationPage): void {
    const known = new Set(this.items.map((item) => item.id));
    this.items = [...this.items, ...page.items.filter((item) => !known.has(item.id))];
    this.nextPageId = page.nextPageId;
    this.pagesLoaded++;
  }

  /** Takes in what the server answered: the list's entries and the started ones' states; returns who stopped. */
  private apply(fresh: readonly ConversationSummary[]): FeedItem[] {
    const stopped: FeedItem[] = [];
    const byId = new Map(fresh.map((summary) => [summary.id, summary]));
    // A conversation the server no longer has leaves the list; its state stays known, for its open tab to say so.
    this.items = this.items.map((item) => byId.get(item.id) ?? item).filter((item) => item.state !== 'gone');
    for (const summary of fresh) {
      this.known.set(summary.id, summary.state);
      const followed = this.following.get(summary.id);
      const before = this.started.get(summary.id) ?? followed;
      if (before === undefined) continue;
      if (stoppedWorking(before, summary.state)) stopped.push(this.shown(summary));
      if (followed === undefined) this.started.set(summary.id, summary.state);
      else if (isWorking(summary.state)) this.following.set(summary.id, summary.state);
      else this.following.delete(summary.id);
    }
    return stopped;
  }

  /** What the view shows, to tell a change; `loaded` too: an empty first page turns "Loading" into the welcome. */
  private snapshot(): string {
    return JSON.stringify([this.loaded, this.items, this.nextPageId, [...this.started], [...this.known], this.failure === undefined]);
  }
}

/** The conversations asked by id that the server did not answer for: it no longer has them (as last listed, if they were). */
function goneOf(asked: readonly string[], answered: readonly ConversationSummary[], listed: readonly ConversationSummary[]): ConversationSummary[] {
  const found = new Set(answered.map((summary) => summary.id));
  return asked.filter((id) => !found.has(id)).map((id) => {
    const last = listed.find((item) => item.id === id) ?? { id, title: '', repository: null, branch: null, createdAt: null, updatedAt: null };
    return { ...last, state: 'gone', serverStatus: '' };
  });
}

/** The name a server gives a conversation before it has one of its own: "Conversation" and the id's first 5 characters. */
export function isPlaceholderTitle(conversation: Pick<ConversationSummary, 'id' | 'title'>): boolean {
  const title = conversation.title.trim();
  return !title || title === `Conversation ${conversation.id.replace(/-/g, '').slice(0, 5)}`;
}
