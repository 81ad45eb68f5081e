// The words of the line above filtered rows: what the filter is and what it found, the counts first (a narrow side
// bar cuts the line's end). Where the rows were matched here, how many conversations were searched: those loaded so
// far (Load More looks further), or all of them.
import { l10n } from '../../base/l10n';
import { stateFilterLabel } from './conversationFilter';
import type { FilterLine } from './conversationLines';

export function filterSummary({ text, states: picked, by, shown, total, searched, hasMore }: FilterLine): string {
  const states = picked.map(stateFilterLabel).join(', ');
  const count = total ?? shown;
  if (text && states) return l10n.t('“{0}” in the title, showing only: {1} ({2})', text, states, shown);
  if (text && by === 'server') return l10n.t('{0} with “{1}” in the title', count, text);
  if (text) return hasMore ? l10n.t('{0} of {1} searched with “{2}” in the title', count, searched, text) : l10n.t('{0} of all {1} with “{2}” in the title', count, searched, text);
  if (by === 'serverStates') return hasMore ? l10n.t('{0} so far: only {1}', count, states) : l10n.t('{0}: only {1}', count, states);
  return hasMore ? l10n.t('{0} of {1} searched: only {2}', count, searched, states) : l10n.t('{0} of all {1}: only {2}', count, searched, states);
}

/** What the line's tooltip says of how the rows were found. */
export function filterTooltip({ by, hasMore, searched }: FilterLine): string {
  if (by === 'server') return l10n.t('The server searched every conversation\'s title. Click to show all conversations again.');
  if (by === 'serverStates') return l10n.t('The server listed the conversations in these states. Click to show all conversations again.');
  return hasMore
    ? l10n.t('Matched among the {0} conversations loaded so far: Load More looks further. Click to show all conversations again.', searched)
    : l10n.t('Matched among all {0} conversations. Click to show all conversations again.', searched);
}
