// Where a line of the base is in the agent's version: a thread on the base (a comment on lines the agent deleted)
// is drawn there, on the agent's side of the diff, so that the Comments panel, which groups threads by the
// document they are on, shows one group per file, as a pull request's review does.
import type { PatchHunk } from '../changes/patchParser';

/**
 * The agent's line at base line `line` (1-based): the same line where the hunks kept it, the agent's line that
 * follows it where they deleted it (at most `agentLineCount`, at least 1).
 */
export function agentLineOf(hunks: readonly PatchHunk[], line: number, agentLineCount: number): number {
  let shift = 0;
  for (const hunk of hunks) {
    // A side with no lines in the hunk starts at the line before (git's `-0,0`): the next line is one further.
    let base = hunk.oldLines === 0 ? hunk.oldStart + 1 : hunk.oldStart;
    let agent = hunk.newLines === 0 ? hunk.newStart + 1 : hunk.newStart;
    if (line < base) break;
    for (const text of hunk.lines) {
      const mark = text[0];
      if (base === line && (mark === ' ' || mark === '-')) return clamp(agent, agentLineCount);
      if (mark === ' ' || mark === '-') base++;
      if (mark === ' ' || mark === '+') agent++;
    }
    shift = agent - base;
  }
  return clamp(line + shift, agentLineCount);
}

function clamp(line: number, count: number): number {
  return Math.max(1, Math.min(line, Math.max(1, count)));
}
