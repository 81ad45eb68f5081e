// The default name of a file an export offers, made from a conversation's title (the agent's or the person's
// words): what a file system refuses or reads as a separator becomes a space, runs of spaces and dots collapse, and
// no dot is left at either end, so the name never holds ".." nor hides itself (a leading dot).
const REFUSED = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const MAX_STEM = 80;

/** `<stem>.<extension>`, the stem from `title`, or `fallback` where the title leaves nothing. */
export function defaultFileName(title: string, extension: string, fallback: string): string {
  const whole = tidy(title);
  // A long title is cut before its last word that does not fit whole.
  const stem = whole.length > MAX_STEM ? tidy(whole.slice(0, MAX_STEM + 1).replace(/\s+\S*$/, '')) : whole;
  return `${stem || fallback}.${extension}`;
}

function tidy(text: string): string {
  return text.replace(REFUSED, ' ').replace(/\s+/g, ' ').replace(/\.{2,}/g, '.').replace(/^[\s.]+|[\s.]+$/g, '');
}
