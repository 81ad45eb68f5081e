// The Markdown fence around text the agent gets verbatim (a review's lines, a check's output): one no line inside
// can close. A module of its own, so the check's bundle takes it without the review's message.

/** Backticks one longer than the longest run inside the lines (at least three), so no line closes the fence. */
export function fenceFor(lines: readonly string[]): string {
  const longest = Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  return '`'.repeat(Math.max(3, longest + 1));
}
