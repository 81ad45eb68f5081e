// Finding conversations among hundreds: a text the title must hold and the states to show. The text is the
// server's own search where it has one, the states its list by state where it has one (conversationSearch.ts);
// elsewhere they are matched on the rows already loaded, which the view then says.
import type { ConversationState } from '../../api/model/conversations';
import { l10n } from '../../base/l10n';
import type { FeedItem } from './conversationFeed';

export const STATE_FILTERS = ['running', 'waiting', 'finished', 'error', 'startedHere'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export interface ConversationFilter {
  /** Words the title holds (trimmed; empty: any title). */
  readonly text: string;
  /** The states shown (empty: every state). */
  readonly states: ReadonlySet<StateFilter>;
}

export const NO_FILTER: ConversationFilter = { text: '', states: new Set() };

export function isFiltering(filter: ConversationFilter): boolean {
  return filter.text !== '' || filter.states.size > 0;
}

export const STATES_OF: Record<Exclude<StateFilter, 'startedHere'>, readonly ConversationState[]> = {
  running: ['starting', 'running'], waiting: ['waiting', 'paused'], finished: ['finished', 'stopped'], error: ['error'],
};

/** The row is shown under the filter's states (any of them), and, when `text` is matched here, its title holds it. */
export function matchesFilter(item: FeedItem, filter: ConversationFilter, matchText: boolean): boolean {
  const state = filter.states.size === 0 || [...filter.states].some((f) => (f === 'startedHere' ? item.startedHere : STATES_OF[f].includes(item.state)));
  return state && (!matchText || item.title.toLowerCase().includes(filter.text.toLowerCase()));
}

/** A state filter's name in the picker and in the view's line. */
export function stateFilterLabel(filter: StateFilter): string {
  switch (filter) {
    case 'running': return l10n.t('Running');
    case 'waiting': return l10n.t('Waiting for you or paused');
    case 'finished': return l10n.t('Finished or stopped');
    case 'error': return l10n.t('Ended with an error');
    case 'startedHere': return l10n.t('Started here');
  }
}
