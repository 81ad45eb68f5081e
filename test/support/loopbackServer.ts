// A throwaway HTTP server on 127.0.0.1 with a handler per test, for transport behaviour the contract server
// has no reason to show (slow answers, resets, oversized bodies).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  readonly url: string;
  readonly hits: http.IncomingMessage[];
  close(): Promise<void>;
}

export async function startLoopbackServer(handler: http.RequestListener): Promise<LoopbackServer> {
  const hits: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => { hits.push(req); handler(req, res); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = await startLoopbackServer(() => undefined);
  await server.close();
  return server.url;
}
