// Apply after a check: whether the last check ran on exactly the patch Apply applies (the hashes of the two
// patches' bytes compared), or on older changes the agent has changed since. Read by Apply (the agent's work).
import { l10n } from '../../base/l10n';
import { endText, type CheckMark } from './checkMark';
import { patchHash } from './patchHash';

/**
 * What Apply adds to its message: the check passed on exactly the changes applied, or on other (older) ones; a
 * failed last check is said too. Nothing where there was no check, or no patch to compare (app server texts).
 */
export function applyNote(mark: CheckMark | undefined, applied: Uint8Array | undefined): string | undefined {
  if (!mark || !applied || mark.end === 'cancelled' || mark.end === 'not-started') return undefined;
  const same = mark.patchHash === patchHash(applied);
  if (mark.end === 'passed') {
    return same
      ? l10n.t('The check ({0}) passed on exactly these changes.', mark.commandLine)
      : l10n.t('The check ({0}) passed on older changes: the agent changed them since.', mark.commandLine);
  }
  return same
    ? l10n.t('The last check ({0}) of these changes {1}.', mark.commandLine, endText(mark.end, mark.exitCode))
    : l10n.t('The last check ({0}) {1}, on older changes: the agent changed them since.', mark.commandLine, endText(mark.end, mark.exitCode));
}
