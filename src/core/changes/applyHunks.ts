// A file's text from the other side of its hunks: the agent's version from the base (forward), or the base from
// the agent's version (reverse). Exact or nothing: every line the hunks expect must be where the patch says, with
// its own line ending ('\r\n' stays '\r\n'), and "\ No newline at end of file" is honoured; no fuzz, no offsets.
import type { PatchHunk } from './patchParser';

/** Lines with their own '\n' (the last one may have none). */
function splitKeepingEnds(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === '' ? [] : lines;
}

/** The hunk's two sides as lines with their ends, the "no newline" markers applied. */
function hunkSides(hunk: PatchHunk): { old: string[]; new: string[] } {
  const sides = { old: [] as string[], new: [] as string[] };
  hunk.lines.forEach((line, index) => {
    if (line.startsWith('\\')) return;
    const ended = hunk.lines[index + 1]?.startsWith('\\') ? line.slice(1) : `${line.slice(1)}\n`;
    if (line.startsWith('-') || line.startsWith(' ')) sides.old.push(ended);
    if (line.startsWith('+') || line.startsWith(' ')) sides.new.push(ended);
  });
  return sides;
}

/** The other side's bytes, or undefined where the source does not match the hunks exactly. */
export function applyHunksToBytes(source: Uint8Array, hunks: readonly PatchHunk[], direction: 'forward' | 'reverse'): Uint8Array | undefined {
  const applied = applyHunks(Buffer.from(source).toString('latin1'), hunks, direction);
  return applied === undefined ? undefined : new Uint8Array(Buffer.from(applied, 'latin1'));
}

/** The other side's text (one character per byte, as the hunks hold it), or undefined on any mismatch. */
export function applyHunks(source: string, hunks: readonly PatchHunk[], direction: 'forward' | 'reverse'): string | undefined {
  const lines = splitKeepingEnds(source);
  const out: string[] = [];
  let cursor = 0;
  for (const hunk of hunks) {
    const sides = hunkSides(hunk);
    const [from, to] = direction === 'forward' ? [sides.old, sides.new] : [sides.new, sides.old];
    const start = direction === 'forward' ? hunk.oldStart : hunk.newStart;
    const at = from.length === 0 ? start : start - 1;
    if (at < cursor || at + from.length > lines.length) return undefined;
    out.push(...lines.slice(cursor, at));
    if (from.some((line, offset) => lines[at + offset] !== line)) return undefined;
    out.push(...to);
    cursor = at + from.length;
  }
  out.push(...lines.slice(cursor));
  return out.join('');
}
