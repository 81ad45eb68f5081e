// Filter by State loads pages until the filter has a page of matches or they end: the list's or a title search's
// on the app server's lines, which cannot filter by state (1.11.0's and 1.6.0's `app-conversations/search` take a
// title, dates and a sandbox; V0's list a repository and a trigger); an agent server's list by state (`status`)
// where the client has one, whose pages are all matches but may be short.
import { PAGE_SIZE } from './conversationFeed';

/** What the scan reads and grows: the filter's matches so far, how many were looked at, and the next page. */
export interface ScanSource {
  matches(): number;
  searched(): number;
  hasMore(): boolean;
  loadMore(signal: AbortSignal): Promise<void>;
}

export type ScanEnd = 'found' | 'ended' | 'cancelled';

/**
 * Loads pages until the filter shows a page (PAGE_SIZE) more matches than when it began, the list ends or the
 * signal cancels; before each page, says how many conversations were looked at so far.
 */
export async function loadUntilMatches(source: ScanSource, onProgress: (searched: number) => void, signal: AbortSignal): Promise<ScanEnd> {
  const wanted = source.matches() + PAGE_SIZE;
  while (source.matches() < wanted) {
    if (signal.aborted) return 'cancelled';
    if (!source.hasMore()) return 'ended';
    onProgress(source.searched());
    await source.loadMore(signal);
  }
  return 'found';
}
