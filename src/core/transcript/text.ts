// Long texts made safe to post and show: cut at a cap (a 1 MB message, a huge command output), and folded to
// their first and last lines with the whole kept for "show all".
import type { FoldedText, TrimmedText } from './items';

/** The most characters of one text the tab receives (a message, a "show all" output). */
export const TEXT_CAP = 1_048_576;

export interface FoldLimits {
  /** Outputs with more lines than this fold. */
  readonly maxLines: number;
  /** Lines shown at each end of a folded output. */
  readonly edgeLines: number;
  /** Characters shown at most at each end (a single huge line folds too). */
  readonly edgeChars: number;
  /** The cap of the whole text kept for "show all". */
  readonly cap: number;
}

export const DEFAULT_FOLD: FoldLimits = { maxLines: 30, edgeLines: 10, edgeChars: 4_000, cap: TEXT_CAP };

/** `text` cut at `cap` characters (never between the halves of a surrogate pair). */
export function trimText(text: string, cap: number = TEXT_CAP): TrimmedText {
  if (text.length <= cap) return { text, trimmed: false, fullLength: text.length };
  return { text: text.slice(0, safeCut(text, cap)), trimmed: true, fullLength: text.length };
}

/** `text` folded to its first and last lines when it is long (by lines or by characters). */
export function foldText(text: string, limits: FoldLimits = DEFAULT_FOLD): FoldedText {
  const full = trimText(text, limits.cap);
  const lines = text.split('\n');
  const fits = lines.length <= limits.maxLines && text.length <= 2 * limits.edgeChars;
  if (fits) return { head: text, tail: '', hiddenLines: 0, folded: false, full };
  const edge = Math.min(limits.edgeLines, Math.floor(lines.length / 2));
  const head = lines.slice(0, edge).join('\n');
  const tail = lines.slice(lines.length - edge).join('\n');
  return {
    head: head.slice(0, safeCut(head, limits.edgeChars)),
    tail: tail.slice(tailStart(tail, limits.edgeChars)),
    hiddenLines: lines.length - 2 * edge,
    folded: true,
    full,
  };
}

/** An index at most `at` that does not split a surrogate pair of `text`. */
function safeCut(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** The index from which the last `chars` characters of `text` start, not splitting a surrogate pair. */
function tailStart(text: string, chars: number): number {
  if (chars >= text.length) return 0;
  const start = text.length - chars;
  const code = text.charCodeAt(start);
  return code >= 0xdc00 && code <= 0xdfff ? start + 1 : start;
}
