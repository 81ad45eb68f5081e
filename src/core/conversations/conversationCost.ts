// What a conversation's LLM calls cost, as a person reads it: dollars to the cent (a fraction of a cent shown as
// such) and the tokens, in a whole sentence.
import type { ConversationCost } from '../../api/model/conversations';
import { l10n } from '../../base/l10n';

export function costText(cost: ConversationCost): string {
  return l10n.t('LLM cost so far: {0} ({1} prompt and {2} completion tokens).', dollars(cost.usd), count(cost.promptTokens), count(cost.completionTokens));
}

function dollars(usd: number): string {
  if (usd > 0 && usd < 0.01) return l10n.t('less than $0.01');
  return `$${usd.toFixed(2)}`;
}

const count = (n: number): string => n.toLocaleString('en-US');
