// Where the time from a click on a conversation's row to its transcript's first paint goes, read from the
// extension's log (the times it measured itself) and the two times the harness saw (the click, the paint):
//   VS Code's share: its command dispatch, and its webview's start (tab made → page ready);
//   the extension's share: loading agentWork.js, its first read beyond the webview's start (the read runs while
//   the page boots, so only what it takes longer counts), and the page's render of the first events.
import type { LogLine } from './extensionLog';

export interface FirstPaintParts {
  readonly totalMs: number;
  readonly dispatchMs: number;
  readonly loadMs: number;
  readonly webviewStartMs: number;
  readonly readBeyondStartMs: number;
  readonly renderMs: number;
  readonly extensionMs: number;
  readonly vscodeMs: number;
}

/** The parts of one opening of `conversationId`'s tab, from the log lines written after `clickedAt`. */
export function firstPaintParts(lines: readonly LogLine[], conversationId: string, clickedAt: number, paintedAt: number): FirstPaintParts {
  const after = lines.filter((line) => line.at >= clickedAt - 1);
  const number = (pattern: RegExp): { at: number; ms: number } | undefined => {
    for (const line of after) {
      const match = pattern.exec(line.text);
      if (match) return { at: line.at, ms: Number(match[1]) };
    }
    return undefined;
  };
  const id = conversationId.replace(/[^\w-]/g, '');
  const ready = number(new RegExp(`^Transcript ${id}: page ready after (\\d+) ms`));
  const posted = number(new RegExp(`^Transcript ${id}: first \\d+ events posted after (\\d+) ms`));
  if (!ready || !posted) throw new Error(`the log has no ${ready ? 'first events posted' : 'page ready'} line for ${conversationId}`);
  const created = ready.at - ready.ms;
  const loadMs = number(/^Loaded agentWork\.js in ([\d.]+) ms$/)?.ms ?? 0;
  const dispatchMs = Math.max(0, created - clickedAt - loadMs);
  const webviewStartMs = ready.ms;
  const readBeyondStartMs = Math.max(0, posted.ms - ready.ms);
  const renderMs = Math.max(0, paintedAt - (created + posted.ms));
  return {
    totalMs: paintedAt - clickedAt, dispatchMs, loadMs, webviewStartMs, readBeyondStartMs, renderMs,
    extensionMs: loadMs + readBeyondStartMs + renderMs,
    vscodeMs: dispatchMs + webviewStartMs,
  };
}
