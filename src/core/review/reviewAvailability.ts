// Whether the changes shown can be reviewed (commented on and sent back to the agent), and if not, why, in the
// words the Changes view shows: comments need both exact sides of each diff (the agent server's patch), and the
// review goes to the agent as a follow-up message, which not every server line takes.
import { l10n } from '../../base/l10n';
import type { LoadedChanges } from '../changes/changeLoader';

/** Undefined where a review can be made and sent; else why not. */
export function reviewUnavailable(changes: LoadedChanges, takesFollowUps: boolean): string | undefined {
  if (!takesFollowUps) {
    return l10n.t('Reviews are not offered: this server takes no follow-up messages, so comments on the diffs could not be sent to the agent.');
  }
  if (!changes.patch) {
    return l10n.t('Reviews are not offered: comments on the diffs need the exact patch from the conversation\'s agent server, which cannot be reached from here.');
  }
  return undefined;
}
