// Why the local agent server ended before it was ready, as far as its log says: uv's own error (a download cut off or
// refused, a release it cannot resolve or read) is its last `error:` line and the `cause:` lines under it. Said in
// the failure's message, so the person sees what went wrong without opening the log.
import * as fs from 'node:fs/promises';

/** At most this much of uv's error goes into a message. */
const MAX_CHARS = 400;

/** uv's last error in `log` (what the server's log gained since the start), one line; undefined when there is none. */
export function uvError(log: string): string | undefined {
  const lines = log.split('\n').map((line) => line.trimEnd());
  let at = lines.length - 1;
  while (at >= 0 && !lines[at]!.startsWith('error: ')) at -= 1;
  if (at < 0) return undefined;
  const causes = lines.slice(at + 1).filter((line) => /^\s+(cause|Caused by):/.test(line)).map((line) => line.trim());
  const said = [lines[at]!.slice('error: '.length), ...causes].join(' ');
  return said.length > MAX_CHARS ? `${said.slice(0, MAX_CHARS)}…` : said;
}

/** What `file` gained past `offset` bytes (its size when the start began). */
export async function logSince(file: string, offset: number): Promise<string> {
  const text = await fs.readFile(file).catch(() => Buffer.alloc(0));
  return text.subarray(offset).toString('utf8');
}
