// What a row of the Conversations view says of a conversation: its label (the server's title, or the person's
// first message while the server has none: one line, cut), a description of repository and branch, age and one
// state word, and a tooltip in sentences (each a whole sentence for the translator).
import { l10n } from '../../base/l10n';
import { markSentence, markWord, type CheckMark } from '../check/checkMark';
import type { FeedItem } from './conversationFeed';
import { costText } from './conversationCost';
import { STATE_PRESENTATION, ageText, agoText, oneLine } from './conversationState';

export interface RowText {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

/** `check`: the result of the conversation's last Check Changes in this window, shown after its state. */
export function rowText(conversation: FeedItem, now: number, check?: CheckMark): RowText {
  const shown = STATE_PRESENTATION[conversation.state];
  const title = conversation.title.trim();
  const label = title ? oneLine(title) : l10n.t('(untitled)');
  const { repository, branch } = conversation;
  const where = repository ? (branch ? `${repository} (${branch})` : repository) : '';
  const description = [where, ageText(conversation.createdAt, now), shown.word, check && markWord(check), conversation.startedHere && l10n.t('started here')];
  const about = [shown.sentence, startedSentence(conversation, now), conversation.serverStatus && l10n.t('Server status: {0}.', conversation.serverStatus)];
  const tooltip = [
    label !== title && title, about.filter(Boolean).join(' '),
    check && markSentence(check), conversation.startedHere && l10n.t('Started from this VS Code.'), conversation.cost && costText(conversation.cost),
    l10n.t('Id: {0}', conversation.id),
  ];
  return { label, description: description.filter(Boolean).join(' · '), tooltip: tooltip.filter(Boolean).join('\n') };
}

/** When and on what it started: "Started 5 min ago on octo/widgets (main)." */
function startedSentence({ createdAt, repository, branch }: FeedItem, now: number): string {
  const ago = agoText(createdAt, now);
  if (ago === undefined) {
    if (!repository) return l10n.t('No repository.');
    return branch ? l10n.t('On {0} ({1}).', repository, branch) : l10n.t('On {0}.', repository);
  }
  if (!repository) return l10n.t('Started {0}, with no repository.', ago);
  return branch ? l10n.t('Started {0} on {1} ({2}).', ago, repository, branch) : l10n.t('Started {0} on {1}.', ago, repository);
}
