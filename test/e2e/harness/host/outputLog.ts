// The extension's OpenHands output channel as VS Code writes it to disk, for suites that check what was logged
// (and so what a person was shown: the error presenter logs every message it shows).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { e2eContext } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The OpenHands output channel's log files of this VS Code (one per window that ran the extension). */
function outputChannelLogs(): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : /OpenHands\.log$/.test(e.name) ? [path.join(dir, e.name)] : [])
      : [];
  return walk(path.join(e2eContext().userDataDir, 'logs'));
}

/** The lines of the log matching `pattern`, in the order written. */
export function logLines(pattern: RegExp): string[] {
  return outputChannelLogs().flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').filter((l) => pattern.test(l)));
}

/**
 * The first line of the log matching `pattern` after the first `seen` such lines (take logLines(pattern).length
 * before the action, so an earlier identical line is not taken for the action's), waiting up to 15 s for VS Code
 * to write it.
 */
export async function waitForLogLine(pattern: RegExp, seen = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = logLines(pattern)[seen];
    if (line) return line;
    if (Date.now() > deadline) assert.fail(`no line matching ${pattern} in the OpenHands log after the ${seen} seen before (${outputChannelLogs().join(', ') || 'no log file'})`);
    await sleep(300);
  }
}
