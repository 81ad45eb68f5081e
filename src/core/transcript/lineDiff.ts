// A file edit's own diff, from the whole file before and after (V1's file-editor observation carries both):
// Myers' O(ND) line diff after the common start and end are set aside, in unified format with 3 lines of
// context. Capped: files of more lines, or edits of more changed lines, than the limits are reported as too large
// to compare (their line counts only), so one huge file never stalls the extension host.
import type { EditDiff } from './items';

export interface DiffLimits {
  /** Lines of both files together, after the common start and end are set aside. */
  readonly maxLines: number;
  /** Lines removed plus lines added. */
  readonly maxEdits: number;
  readonly context: number;
}

export const DEFAULT_DIFF_LIMITS: DiffLimits = { maxLines: 20_000, maxEdits: 1_000, context: 3 };

interface Op { readonly kind: ' ' | '-' | '+'; readonly line: string }

/** A final line without a newline compares unequal to the same line with one, as in `diff`. */
const NO_NEWLINE = '\u0000no-newline';

/** The unified diff from `before` to `after` (null: the file did not exist / no longer exists). */
export function editDiff(before: string | null, after: string | null, limits: DiffLimits = DEFAULT_DIFF_LIMITS): EditDiff {
  const a = splitLines(before ?? '');
  const b = splitLines(after ?? '');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  const middle = middleA.length + middleB.length <= limits.maxLines ? shortestEdit(middleA, middleB, limits.maxEdits) : undefined;
  if (!middle) return { unified: '', added: b.length, removed: a.length, tooLarge: true };
  const same = (line: string): Op => ({ kind: ' ', line });
  const ops = [...a.slice(0, start).map(same), ...middle, ...a.slice(a.length - end).map(same)];
  return {
    unified: unifiedHunks(ops, limits.context),
    added: middle.filter((op) => op.kind === '+').length,
    removed: middle.filter((op) => op.kind === '-').length,
    tooLarge: false,
  };
}

/** The file's lines without their newlines; the last one marked when the file does not end with one. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += NO_NEWLINE;
  return lines;
}

/**
 * Myers' shortest edit script from `a` to `b`, or undefined when it needs more than `maxEdits` edits. Each step
 * keeps the furthest-reaching x per diagonal k (x - y) in `v`; a copy of the diagonals the step reads is kept to
 * walk back.
 */
function shortestEdit(a: readonly string[], b: readonly string[], maxEdits: number): Op[] | undefined {
  const limit = Math.min(a.length + b.length, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) { x++; y++; }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) return walkBack(a, b, trace);
    }
  }
  return undefined;
}

/** The ops of the path `trace` found, from the end back to the start, then in order. */
function walkBack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const step = trace[d]!;
    const at = (k: number) => step[k + d + 1]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previousK);
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) ops.push({ kind: ' ', line: a[--x]! }), y--;
    if (d > 0) ops.push(x === previousX ? { kind: '+', line: b[--y]! } : { kind: '-', line: a[--x]! });
  }
  return ops.reverse();
}

interface Numbered extends Op { readonly oldLine: number; readonly newLine: number }

/** The ops as unified hunks: each change with `context` lines around it, near changes sharing a hunk. */
function unifiedHunks(ops: readonly Op[], context: number): string {
  const numbered: Numbered[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const op of ops) {
    numbered.push({ ...op, oldLine, newLine });
    if (op.kind !== '+') oldLine++;
    if (op.kind !== '-') newLine++;
  }
  const changed = numbered.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  const hunks: Array<[number, number]> = [];
  for (const index of changed) {
    const last = hunks[hunks.length - 1];
    if (last && index - context <= last[1] + 1) last[1] = Math.min(index + context, ops.length - 1);
    else hunks.push([Math.max(0, index - context), Math.min(index + context, ops.length - 1)]);
  }
  return hunks.map(([from, to]) => hunkText(numbered.slice(from, to + 1))).join('');
}

function hunkText(lines: readonly Numbered[]): string {
  const oldCount = lines.filter((op) => op.kind !== '+').length;
  const newCount = lines.filter((op) => op.kind !== '-').length;
  const oldStart = lines[0]!.oldLine - (oldCount === 0 ? 1 : 0);
  const newStart = lines[0]!.newLine - (newCount === 0 ? 1 : 0);
  const body = lines.map((op) => {
    const unterminated = op.line.endsWith(NO_NEWLINE);
    const text = unterminated ? op.line.slice(0, -NO_NEWLINE.length) : op.line;
    return `${op.kind}${text}\n${unterminated ? '\\ No newline at end of file\n' : ''}`;
  });
  return `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@\n${body.join('')}`;
}
