// The one follow-up a failed check becomes: what ran, how it ended, and the end of its output in a fence no line
// can close, so the agent reads the person's failure as it happened on their machine.
import { l10n } from '../../base/l10n';
import { fenceFor } from '../platform/fence';
import type { CheckEnd } from './checkProcess';
import { endText, seconds } from './checkMark';
import { maskSecrets, outputEnd } from './checkOutput';

export interface CheckFailure {
  readonly commandLine: string;
  readonly end: CheckEnd;
  readonly exitCode: number | null;
  readonly ms: number;
  /** The output kept (its last 200 KiB), as the terminal got it. */
  readonly output: string;
  /** True where the base was not in the person's repository and the changes went onto their HEAD. */
  readonly onHead: boolean;
  /** What the task's problem matchers found, by the workspace-relative path of the file. */
  readonly problems?: readonly CheckProblem[];
}

export interface CheckProblem {
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  readonly message: string;
}

/** At most this many problems go into the message: the first ones, as the tool printed them. */
const PROBLEMS_SENT = 50;

export function failureMessage(failure: CheckFailure): string {
  const end = outputEnd(failure.output);
  const lines = end.text === '' ? [] : end.text.split('\n');
  const fence = fenceFor(lines);
  const parts = [
    l10n.t('I ran a check on your changes on my machine, in a copy of the repository with your changes applied, and it failed. Please fix what makes it fail.'),
    l10n.t('Command: {0}', maskSecrets(failure.commandLine)),
    l10n.t('Result: {0}, after {1}.', endText(failure.end, failure.exitCode), seconds(failure.ms)),
  ];
  if (failure.onHead) parts.push(l10n.t('Your base commit was not in my repository, so your changes were applied to my current commit.'));
  const problems = failure.problems ?? [];
  if (problems.length) {
    const listed = problems.slice(0, PROBLEMS_SENT).map((p) => `- ${p.path}:${p.line}: ${maskSecrets(p.message.replace(/\s+/g, ' '))}`);
    if (problems.length > PROBLEMS_SENT) listed.push(`- ${l10n.t('and {0} more', problems.length - PROBLEMS_SENT)}`);
    parts.push(`${l10n.t('Problems found:')}\n${listed.join('\n')}`);
  }
  if (lines.length === 0) parts.push(l10n.t('It printed nothing.'));
  else parts.push(`${end.cut ? l10n.t('The end of its output:') : l10n.t('Its output:')}\n${fence}\n${end.text}\n${fence}`);
  return parts.join('\n\n');
}
