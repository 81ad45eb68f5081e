// A listener at another origin (127.0.0.2, a free port) that records whatever reaches it, headers and body
// included. The suites make the contract server redirect the extension's requests here and check that nothing
// arrives; the record is a JSON file in the run folder, read by the host suites (same machine), and after the
// run the harness fails the run if it is not empty, and scans it for keys like every other file.
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export const ELSEWHERE_HOST = '127.0.0.2';

export interface ElsewhereRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ElsewhereListener {
  readonly url: string;
  readonly recordFile: string;
  close(): Promise<void>;
}

export async function startElsewhereListener(recordFile: string): Promise<ElsewhereListener> {
  const record: ElsewhereRequest[] = [];
  fs.writeFileSync(recordFile, '[]\n');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      record.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      fs.writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
      // A plausible answer, so a client that got here would carry on as if nothing happened.
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, ELSEWHERE_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${ELSEWHERE_HOST}:${port}`,
    recordFile,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** What the listener received so far, from its record file. */
export function readElsewhereRecord(recordFile: string): ElsewhereRequest[] {
  return JSON.parse(fs.readFileSync(recordFile, 'utf8')) as ElsewhereRequest[];
}
