// What a conversation's last check left on its row and on Apply, while the window lives: how it ended (passed, or
// failed with its exit code, and the time), and a hash of the exact patch it applied (checkedPatch.ts). Small and
// free of the check's own code: the Conversations view, loaded at activation, reads it.
import { l10n } from '../../base/l10n';
import type { CheckEnd } from './checkProcess';

export interface CheckMark {
  readonly commandLine: string;
  readonly end: CheckEnd;
  readonly exitCode: number | null;
  readonly ms: number;
  /** The hash of the patch the check applied (checkedPatch.ts). */
  readonly patchHash: string;
  /** The failure went to the agent as a follow-up. */
  readonly sent: boolean;
}

export function endText(end: CheckEnd, exitCode: number | null): string {
  switch (end) {
    case 'passed': return l10n.t('passed');
    case 'failed': return exitCode === null ? l10n.t('failed (ended by a signal)') : l10n.t('failed with exit code {0}', exitCode);
    case 'timed-out': return l10n.t('stopped at the time limit');
    case 'cancelled': return l10n.t('cancelled');
    case 'not-started': return l10n.t('could not start');
  }
}

/** 0.4 s, 12 s, 3 min 05 s. */
export function seconds(ms: number): string {
  if (ms < 10_000) return l10n.t('{0} s', (Math.round(ms / 100) / 10).toFixed(1));
  const total = Math.round(ms / 1000);
  if (total < 60) return l10n.t('{0} s', total);
  return l10n.t('{0} min {1} s', Math.floor(total / 60), String(total % 60).padStart(2, '0'));
}

/** The row's words: "check passed", "check failed (exit 1)". */
export function markWord(mark: CheckMark): string {
  if (mark.end === 'passed') return l10n.t('check passed');
  if (mark.end === 'failed' && mark.exitCode !== null) return l10n.t('check failed (exit {0})', mark.exitCode);
  return l10n.t('check {0}', endText(mark.end, mark.exitCode));
}

/** The row's tooltip sentence: "Last check: npm test passed after 2.1 s." */
export function markSentence(mark: CheckMark): string {
  const how = l10n.t('Last check: {0} {1} after {2}.', mark.commandLine, endText(mark.end, mark.exitCode), seconds(mark.ms));
  return mark.sent ? `${how} ${l10n.t('Its failure was sent to the agent.')}` : how;
}
