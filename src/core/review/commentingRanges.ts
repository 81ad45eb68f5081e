// Where a review may comment: the lines a file's hunks changed on one side of its diff, and CONTEXT_LINES lines
// around them, as a pull request's diff takes comments on its hunks only. A side with no line of its own at a change
// (the base of an insertion, the agent's side of a deletion) gets the context around the place of the change.
import type { PatchHunk } from '../changes/patchParser';
import { CONTEXT_LINES, type LineRange, type ReviewSide } from './reviewThread';

/** The commenting ranges of `side` (1-based, both ends included, in order, merged), within its `lineCount` lines. */
export function commentingRanges(hunks: readonly PatchHunk[], side: ReviewSide, lineCount: number): LineRange[] {
  const around = changedSpans(hunks, side).map(({ start, end }) => ({
    start: Math.max(1, start - CONTEXT_LINES), end: Math.min(lineCount, end + CONTEXT_LINES),
  }));
  return merged(around.filter(({ start, end }) => start <= end));
}

/**
 * Each changed line of `side` as a span of one line; a change with no line on `side` as an empty span (end one
 * before start) at the line that follows it there.
 */
function changedSpans(hunks: readonly PatchHunk[], side: ReviewSide): LineRange[] {
  const spans: LineRange[] = [];
  for (const hunk of hunks) {
    // A side with no lines in the hunk starts at the line before (git's `-0,0`): the next line is one further.
    let base = hunk.oldLines === 0 ? hunk.oldStart + 1 : hunk.oldStart;
    let agent = hunk.newLines === 0 ? hunk.newStart + 1 : hunk.newStart;
    for (const line of hunk.lines) {
      const mark = line[0];
      if (mark === '-') spans.push(side === 'base' ? { start: base, end: base } : { start: agent, end: agent - 1 });
      if (mark === '+') spans.push(side === 'agent' ? { start: agent, end: agent } : { start: base, end: base - 1 });
      if (mark === ' ' || mark === '-') base++;
      if (mark === ' ' || mark === '+') agent++;
    }
  }
  return spans;
}

/** Sorted, with overlapping and touching ranges joined. */
function merged(ranges: readonly LineRange[]): LineRange[] {
  const joined: LineRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last && range.start <= last.end + 1) joined[joined.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    else joined.push(range);
  }
  return joined;
}
