// One HTTP/1.1 request written byte for byte on a socket, for the checks fetch cannot make: fetch (undici)
// strips the whitespace around every header value before sending, so it can never send "<key> ".
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Map<string, string>;
  body: string;
}

/** `headerLines` are sent exactly as given, after Host and Connection: close (and Content-Length for a body). */
export function rawRequest(baseUrl: string, method: string, path: string, headerLines: string[], body = '', timeoutMs = 10_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', ...headerLines];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no complete answer from ${baseUrl} within ${timeoutMs} ms`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
      } catch (e) {
        reject(e);
      }
    });
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
  if (!status) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify(statusLine)}`);
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(status[1]), headers, body: text.slice(end + 4) };
}
