// Markdown pieces that hold untrusted text without being broken by it: a code fence longer than any run of
// backticks inside, inline code likewise, a quote on every line, plain text with Markdown's marks escaped.

/** `text` in a fenced code block that no run of backticks in it can close. */
export function fenced(text: string, info = ''): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${info}\n${body}${fence}`;
}

/** `text` as inline code (one line), whatever backticks it holds. */
export function inlineCode(text: string): string {
  const line = text.replace(/\r?\n/g, ' ');
  const ticks = '`'.repeat(longestBacktickRun(line) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') || line === '' ? ' ' : '';
  return `${ticks}${pad}${line}${pad}${ticks}`;
}

/** Every line of `markdown` quoted. */
export function quoted(markdown: string): string {
  return markdown.replace(/\n$/, '').split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
}

/** Plain text (one line, not at a line's start) with the characters Markdown gives a meaning there escaped. */
export function plain(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/[\\`*_[\]<>|~&#]/g, (mark) => `\\${mark}`);
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}
