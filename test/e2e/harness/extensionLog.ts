// The extension's own log (its "OpenHands" output channel) as VS Code writes it under the run's user data: what a
// failed scenario prints, and where the bench reads the extension's own timings.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The OpenHands log most recently written under VS Code's logs folder: the newest window's extension host. */
export function newestExtensionLog(userDataDir: string): string | undefined {
  const logsDir = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logsDir)) return undefined;
  const logs = fs.readdirSync(logsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'OpenHands.log')
    .map((file) => path.join(logsDir, file));
  return logs.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

/** A line of the log: when it was written (the machine's clock, as Date.now()) and its text after the level. */
export interface LogLine { readonly at: number; readonly text: string }

/** The log's lines with their times ("2026-11-28 09:17:21.769 [info] …", local time). */
export function readLogLines(file: string): LogLine[] {
  return fs.readFileSync(file, 'utf8').split('\n').flatMap((line) => {
    const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) \[\w+\] (.*)$/.exec(line);
    return match ? [{ at: new Date(`${match[1]}T${match[2]}`).getTime(), text: match[3]! }] : [];
  });
}
