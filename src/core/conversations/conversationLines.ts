// The lines of the Conversations view, built afresh on every change of the list and compared with the last ones
// (core/platform/treeChanges.ts), so that VS Code is told which lines changed instead of refreshing the view whole.
// A whole refresh makes VS Code's extension host forget every row until it asks for the list again, and a row's
// menu command chosen meanwhile gets no row (docs/tree-views.md). Each line has an id that stays the same across
// polls, and holds everything its tree item shows, its age included, so that a changed line is a changed id.
import type { CheckMark } from '../check/checkMark';
import type { FeedItem } from './conversationFeed';
import type { StateFilter } from './conversationFilter';
import { rowText, type RowText } from './conversationRow';

/** The rows under a filter, whether more can be loaded, and how they were found (the view says which). */
export interface FoundRows {
  readonly rows: readonly FeedItem[];
  readonly hasMore: boolean;
  /**
   * `server`: the server searched the titles; `serverStates`: it listed the states (words are matched here);
   * `loaded`: the rows already loaded were matched here.
   */
  readonly by: 'server' | 'serverStates' | 'loaded';
  readonly total: number | undefined;
  /** How many conversations the rows were picked from: those loaded, or the search's results read. */
  readonly searched: number;
}

/** The line above filtered rows: the filter as the person set it, and what it found. */
export interface FilterLine {
  readonly text: string;
  readonly states: readonly StateFilter[];
  readonly by: FoundRows['by'];
  readonly shown: number;
  readonly total: number | undefined;
  readonly searched: number;
  /** More can be loaded: the rows are not all there are. */
  readonly hasMore: boolean;
}

export type ConversationLine =
  | { readonly id: string; readonly kind: 'conversation'; readonly conversation: FeedItem; readonly row: RowText }
  | { readonly id: ':more'; readonly kind: 'more' }
  | { readonly id: ':loading'; readonly kind: 'loading' }
  | { readonly id: ':problem'; readonly kind: 'problem'; readonly message: string }
  | { readonly id: ':filter'; readonly kind: 'filter'; readonly filter: FilterLine };

/** What the view shows, as the watch and the filter have it. */
export interface ConversationsShown {
  /** No server is set: the view is empty, and its welcome view speaks. */
  readonly noServer: boolean;
  /** The list as loaded; undefined until the first page came. */
  readonly list: readonly FeedItem[] | undefined;
  readonly hasMore: boolean;
  /** Why the last poll failed. */
  readonly problem: string | undefined;
  /** The person's filter and its rows; undefined when nothing is filtered. */
  readonly filtered: { readonly text: string; readonly states: readonly StateFilter[]; readonly found: FoundRows } | undefined;
  /** The last check of each conversation checked in this window, by id. */
  readonly checks?: ReadonlyMap<string, CheckMark>;
}

export function conversationLines(shown: ConversationsShown, now: number): ConversationLine[] {
  if (shown.noServer) return [];
  const problem = shown.problem === undefined ? [] : [{ id: ':problem' as const, kind: 'problem' as const, message: shown.problem }];
  if (!shown.list) return problem.length ? problem : [{ id: ':loading', kind: 'loading' }];
  const { filtered } = shown;
  const found = filtered?.found ?? { rows: shown.list, hasMore: shown.hasMore };
  const filterLine: ConversationLine[] = filtered ? [{ id: ':filter', kind: 'filter', filter: {
    text: filtered.text, states: filtered.states, by: filtered.found.by, shown: filtered.found.rows.length, total: filtered.found.total,
    searched: filtered.found.searched, hasMore: filtered.found.hasMore,
  } }] : [];
  // A conversation's id never starts with ':', so no row takes the id of another line.
  const rows = found.rows.map((conversation): ConversationLine => ({ id: conversation.id, kind: 'conversation', conversation, row: rowText(conversation, now, shown.checks?.get(conversation.id)) }));
  return [...problem, ...filterLine, ...rows, ...(found.hasMore ? [{ id: ':more' as const, kind: 'more' as const }] : [])];
}
