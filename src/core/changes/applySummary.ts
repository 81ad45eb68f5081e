// What an apply did, in one sentence for its notification, and why a file was not applied.
import { l10n } from '../../base/l10n';
import type { UnknownReason } from './applyPlan';
import type { ApplyOutcome } from './applyRun';

export function applySummary(outcome: ApplyOutcome): string {
  const updated = outcome.updated.length;
  const merged = outcome.merged.length;
  const waiting = outcome.waiting.length;
  const skipped = outcome.skipped.length;
  const left = outcome.notApplied.length + outcome.changedMeanwhile.length;
  if (!updated && !merged && !waiting && !skipped && !left) {
    return outcome.alreadyThere.length
      ? l10n.t('Every file already holds the agent\'s version; nothing was written.')
      : l10n.t('The agent changed no files; nothing was written.');
  }
  const done = updated === 1
    ? (left ? l10n.t('1 file updated, {0} merged, {1} skipped, {2} not applied.', merged, skipped, left) : l10n.t('1 file updated, {0} merged, {1} skipped.', merged, skipped))
    : (left ? l10n.t('{0} files updated, {1} merged, {2} skipped, {3} not applied.', updated, merged, skipped, left) : l10n.t('{0} files updated, {1} merged, {2} skipped.', updated, merged, skipped));
  if (!waiting) return done;
  // A file with conflicts is not written: it stays the person's until they complete its merge.
  return `${done} ${waiting === 1
    ? l10n.t('1 file has conflicts and waits in the merge editor; it stays as you had it until you complete the merge.')
    : l10n.t('{0} files have conflicts and wait in the merge editor; they stay as you had them until you complete the merge.', waiting)}`;
}

/** Why a file was left as it is. */
export function notAppliedReason(reason: UnknownReason | 'symlink' | 'not-a-file' | 'changed-meanwhile'): string {
  switch (reason) {
    case 'binary': return l10n.t('a binary file: its exact content is not available from this server without its agent server');
    case 'not-utf8': return l10n.t('not UTF-8 text: its exact content is not available from this server without its agent server');
    case 'base-not-local': return l10n.t('the version the agent started from is not known here, so your own changes to it cannot be told apart');
    case 'no-exact-content': return l10n.t('the server gave no exact content for it');
    case 'patch-failed': return l10n.t('the agent\'s patch did not apply to the version it started from');
    case 'unsafe-path': return l10n.t('its path is not a plain path inside the workspace folder');
    case 'link': return l10n.t('the agent made it a symbolic link, and links are never written');
    case 'symlink': return l10n.t('a symbolic link is on its path here, and links are never written through');
    case 'not-a-file': return l10n.t('something other than a file is at its path here');
    case 'changed-meanwhile': return l10n.t('it changed on disk while the apply was being prepared');
  }
}
