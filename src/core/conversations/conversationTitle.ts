// A title a person gives a conversation: 1 to 200 characters once trimmed. 0.54.0 refuses anything else; 1.11.0
// takes any string, an empty one included, which would leave a row with no name: the same rule on every line.
import { l10n } from '../../base/l10n';

export const TITLE_MAX_LENGTH = 200;

/** Why a typed title cannot be used, or undefined when it can (as `title.trim()`). */
export function titleProblem(typed: string): string | undefined {
  const title = typed.trim();
  if (!title) return l10n.t('A conversation needs a title.');
  if (title.length > TITLE_MAX_LENGTH) return l10n.t('A title has at most {0} characters; this one has {1}.', TITLE_MAX_LENGTH, title.length);
  return undefined;
}
