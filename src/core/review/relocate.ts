// Moves a thread to the file's new version after the agent ran again, as a pull request thread follows a push:
// the same lines, where they are now (the nearest place to the old one), keep the thread as it was; lines the
// agent changed make it outdated, placed where its context still is; lines with no trace left keep it on the file.
import type { LineRange, ReviewThread } from './reviewThread';

export function relocate(thread: ReviewThread, newLines: readonly string[]): ReviewThread {
  const old = thread.range;
  const at = nearest(find(newLines, thread.lines), old.start);
  if (at !== undefined) return { ...thread, range: shifted(old, at), anchor: 'found' };
  const changed = changedAt(thread, newLines);
  if (changed) return { ...thread, range: changed, state: 'outdated', anchor: 'found' };
  return { ...thread, range: { start: 1, end: 1 }, state: thread.state === 'pending' ? 'pending' : 'outdated', anchor: 'lost' };
}

/** Where the lines the agent put between the thread's context lines are, when either side of the context is left. */
function changedAt(thread: ReviewThread, lines: readonly string[]): LineRange | undefined {
  const old = thread.range;
  const length = old.end - old.start + 1;
  const before = nearest(find(lines, thread.before), old.start - thread.before.length);
  const after = nearest(find(lines, thread.after), old.end + 1);
  if (before === undefined && after === undefined) return undefined;
  const last = Math.max(1, lines.length);
  const start = clamp(before !== undefined ? before + thread.before.length : after! - length, last);
  const end = after !== undefined && after - 1 >= start ? after - 1 : start + length - 1;
  return { start, end: clamp(end, last) };
}

function clamp(line: number, last: number): number {
  return Math.min(Math.max(line, 1), last);
}

/** Every 1-based line where `block` starts in `lines`. */
function find(lines: readonly string[], block: readonly string[]): number[] {
  if (block.length === 0 || block.length > lines.length) return [];
  const starts: number[] = [];
  for (let i = 0; i + block.length <= lines.length; i++) {
    if (block.every((line, k) => lines[i + k] === line)) starts.push(i + 1);
  }
  return starts;
}

function nearest(starts: readonly number[], wanted: number): number | undefined {
  let best: number | undefined;
  for (const start of starts) if (best === undefined || Math.abs(start - wanted) < Math.abs(best - wanted)) best = start;
  return best;
}

function shifted(range: LineRange, start: number): LineRange {
  return { start, end: start + range.end - range.start };
}
