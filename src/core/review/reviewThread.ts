// A review of the agent's changes, as a pull request review: comment threads on lines of the agent's diff, kept
// per conversation until the person deletes them, sent to the agent together as one follow-up.

/** The agent's version of the file, or the base it changed (where a comment is about lines the agent deleted). */
export type ReviewSide = 'agent' | 'base';

/**
 * pending: written, not sent yet; sent: part of a follow-up (read-only from then on); outdated: the agent changed
 * the lines since, as a pull request thread after a push.
 */
export type ThreadState = 'pending' | 'sent' | 'outdated';

/** Lines 1-based, both ends included. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

/** Where the thread's lines are in the file's current version. */
export type Anchor = 'found' | 'lost';

export interface ReviewThread {
  readonly id: string;
  readonly conversationId: string;
  /** Relative to the workspace (the agent's path, `/` separated). */
  readonly path: string;
  readonly side: ReviewSide;
  readonly range: LineRange;
  /** The lines the comment is about, exactly as they were when it was written (line ends removed). */
  readonly lines: readonly string[];
  /** Up to CONTEXT_LINES lines before and after them: where they went when the agent moved or changed them. */
  readonly before: readonly string[];
  readonly after: readonly string[];
  /** Markdown. */
  readonly body: string;
  readonly state: ThreadState;
  /** Epoch milliseconds of the follow-up that carried it. */
  readonly sentAt?: number;
  /** 'lost': the lines are no longer in the file (the agent rewrote it); the thread stays on the file's first line. */
  readonly anchor?: Anchor;
}

export const CONTEXT_LINES = 3;

/** A text's lines, with LF or CRLF ends; a final line end makes no empty last line. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A new pending thread on `range` of `text` (one side of the file). */
export function newThread(
  fields: { id: string; conversationId: string; path: string; side: ReviewSide; range: LineRange; body: string }, text: string,
): ReviewThread {
  const lines = splitLines(text);
  const { start, end } = fields.range;
  return {
    ...fields,
    lines: lines.slice(start - 1, end),
    before: lines.slice(Math.max(0, start - 1 - CONTEXT_LINES), start - 1),
    after: lines.slice(end, end + CONTEXT_LINES),
    state: 'pending',
  };
}

/** The threads `sent` marks as sent at `at`; the others as they were. */
export function markSent(threads: readonly ReviewThread[], sent: ReadonlySet<string>, at: number): ReviewThread[] {
  return threads.map((thread) => (sent.has(thread.id) ? { ...thread, state: 'sent', sentAt: at } : thread));
}
