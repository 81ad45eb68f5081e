// The one follow-up a review becomes: for each comment the file, the lines on the agent's side (or the deleted
// lines of the base), those lines exactly in a fence no line can close, and the comment; then the overall note.
import { l10n } from '../../base/l10n';
import { fenceFor } from '../platform/fence';
import type { ReviewThread } from './reviewThread';

/** Pending threads in the message's order: by path, the base's deleted lines before the agent's, then by line. */
export function messageOrder(threads: readonly ReviewThread[]): ReviewThread[] {
  return [...threads].sort((a, b) =>
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.side === b.side ? 0 : a.side === 'base' ? -1 : 1) || a.range.start - b.range.start);
}

export function reviewMessage(threads: readonly ReviewThread[], note?: string): string {
  const parts = [l10n.t('Review of your changes: please address each comment below.')];
  for (const thread of messageOrder(threads)) parts.push(commentPart(thread));
  const overall = note?.trim();
  if (overall) parts.push(l10n.t('Overall: {0}', overall));
  return parts.join('\n\n');
}

function commentPart(thread: ReviewThread): string {
  const fence = fenceFor(thread.lines);
  return [where(thread), fence, ...thread.lines, fence, thread.body.replace(/\r\n/g, '\n').trim()].join('\n');
}

function where({ path, side, range: { start, end } }: ReviewThread): string {
  const quoted = JSON.stringify(path);
  if (side === 'base') {
    return start === end
      ? l10n.t('In {0}, deleted line {1} of the base:', quoted, start)
      : l10n.t('In {0}, deleted lines {1}-{2} of the base:', quoted, start, end);
  }
  return start === end ? l10n.t('In {0}, line {1}:', quoted, start) : l10n.t('In {0}, lines {1}-{2}:', quoted, start, end);
}
