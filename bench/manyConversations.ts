// The Conversations view at 1,000 conversations (issue 34), against a V1 stand-in in its own process, every request
// counted: the first page as the view reads it (src/core/conversations: the feed), Find's count for one pause in
// typing and its search on Enter (the finder's search), Load More down to the last page, and the requests while
// the view is visible with nothing running. Request counts have budgets that fail the bench; times are printed.
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction, ServerApi } from '../src/api/client';
import { createClient } from '../test/support/client';
import { sessionCredential } from '../src/api/http/credential';
import { ConversationFeed } from '../src/core/conversations/conversationFeed';
import { ConversationSearch } from '../src/core/conversations/conversationSearch';
import { RefreshScheduler, systemClock } from '../src/core/conversations/refreshSchedule';
import { startServerProcess } from './serverProcess';
import { median } from './stats';

export const MANY = 1000;
const V1: ServerApi = { version: undefined, settings: 'v1', conversations: 'v1' };
const VISIBLE_WINDOW_S = 60;

export interface ManyFigures {
  readonly firstPageMs: number;
  readonly firstPageRequests: number;
  readonly countRequests: number;
  readonly searchRequests: number;
  readonly searchMs: number;
  readonly matches: number | undefined;
  readonly loadAllRequests: number;
  readonly loadAllMs: number;
  readonly listed: number;
  readonly visiblePerMinute: number;
}

export async function manyConversations(key: string): Promise<ManyFigures> {
  const server = await startServerProcess(key, 'v1');
  try {
    // Every 25th is about the parser: 40 matches, two pages of search.
    const titles = Array.from({ length: MANY }, (_, i) => (i % 25 === 0 ? `Fix the parser, part ${i}` : `Task ${i}: tidy module ${i % 40}`));
    const seeded = await undiciFetch(`${server.url}/_test/conversations`, { method: 'POST', body: JSON.stringify({ count: MANY, titles }) });
    if (!seeded.ok) throw new Error(`seeding ${MANY} conversations: HTTP ${seeded.status}`);
    let requests = 0;
    const counting: FetchFunction = (url, init) => { requests++; return undiciFetch(url, init as never) as unknown as Promise<Response>; };
    const client = createClient({ baseUrl: server.url, fetch: counting, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 }, V1);
    const measured = async <T>(run: () => Promise<T>) => {
      const [from, started] = [requests, performance.now()];
      const value = await run();
      return { value, requests: requests - from, ms: performance.now() - started };
    };
    const firstPages = await repeat(5, () => measured(() => new ConversationFeed().poll(client, 'list', new AbortController().signal)));
    const count = await measured(() => client.countConversations!('parser'));
    const search = ConversationSearch.byTitle({ searchConversations: client.searchConversations! }, 'parser', count.value);
    const searched = await measured(() => search.run());
    const feed = new ConversationFeed();
    const all = await measured(async () => {
      await feed.poll(client, 'list', new AbortController().signal);
      while (feed.hasMore) await feed.loadMore(client);
    });
    return {
      firstPageMs: median(firstPages.map((p) => p.ms)), firstPageRequests: Math.max(...firstPages.map((p) => p.requests)),
      countRequests: count.requests, searchRequests: searched.requests, searchMs: searched.ms, matches: search.total,
      loadAllRequests: all.requests, loadAllMs: all.ms, listed: feed.list?.length ?? 0,
      visiblePerMinute: await visibleRequests(client, () => requests),
    };
  } finally {
    await server.stop();
  }
}

async function repeat<T>(times: number, run: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i++) results.push(await run());
  return results;
}

/** Requests in the first minute the view is visible with nothing running, as its scheduler polls the feed. */
async function visibleRequests(client: ReturnType<typeof createClient>, requests: () => number): Promise<number> {
  const feed = new ConversationFeed();
  const scheduler = new RefreshScheduler(systemClock, (kind, signal) => feed.poll(client, kind, signal));
  const from = requests();
  scheduler.setVisible(true);
  await new Promise((resolve) => setTimeout(resolve, VISIBLE_WINDOW_S * 1000));
  scheduler.dispose();
  return ((requests() - from) * 60) / VISIBLE_WINDOW_S;
}
