// A throwaway HTTP(S) server on a loopback address with a handler per test, for transport behaviour the contract
// server has no reason to show (slow answers, resets, oversized bodies, redirects, certificates).
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  readonly url: string;
  readonly hits: http.IncomingMessage[];
  /** Every TCP connection made to it, a request sent on it or not. */
  readonly connections: () => number;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** Any address of 127.0.0.0/8 (Linux routes all of it to lo); default 127.0.0.1. */
  readonly host?: string;
  /** Serve https with this key and certificate (PEM). */
  readonly tls?: { readonly key: string; readonly cert: string };
}

export async function startLoopbackServer(handler: http.RequestListener, options: LoopbackOptions = {}): Promise<LoopbackServer> {
  const hits: http.IncomingMessage[] = [];
  const listener: http.RequestListener = (req, res) => { hits.push(req); handler(req, res); };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  let connections = 0;
  server.on('connection', () => { connections++; });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    hits,
    connections: () => connections,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = await startLoopbackServer(() => undefined);
  await server.close();
  return server.url;
}
