// What the transport's timeouts and cancels cost and still do: fetch is handed no signal of the transport's own
// (withinTimeout.ts), and every request's timeout is on one timer (deadlines.ts).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { BadResponseError, CancelledError, TimeoutError } from '../../../src/api/http/transportErrors';
import { Transport, type FetchFunction, type TransportOptions } from '../../../src/api/http/transport';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function serve(handler: Parameters<typeof startLoopbackServer>[0]): Promise<LoopbackServer> {
  const server = await startLoopbackServer(handler);
  servers.push(server);
  return server;
}

/** A transport whose fetch records the signal each request was handed. */
function recording(baseUrl: string, extra: Partial<TransportOptions> = {}): { transport: Transport; signals: (AbortSignal | null | undefined)[] } {
  const signals: (AbortSignal | null | undefined)[] = [];
  const fetch: FetchFunction = (url, init) => {
    signals.push(init.signal);
    return (undiciFetch as unknown as FetchFunction)(url, init);
  };
  return { transport: new Transport({ baseUrl, fetch, getCredential: async () => undefined, timeoutMs: 5000, backoffMs: 10, ...extra }), signals };
}

describe('Transport: timeouts and cancels', () => {
  it("hands fetch no signal when the caller gave none, and the caller's own when it gave one", async () => {
    const server = await serve((_req, res) => res.end('{"ok":true}'));
    const { transport, signals } = recording(server.url);
    await transport.send('GET', '/a', undefined);
    const controller = new AbortController();
    await transport.send('GET', '/b', undefined, { signal: controller.signal });
    assert.deepEqual(signals, [undefined, controller.signal]);
  });

  it('ends each of several requests in flight at its own timeout, also without a signal handed to fetch', async () => {
    const server = await serve(() => undefined);
    const { transport, signals } = recording(server.url, { readRetries: 0 });
    const started = Date.now();
    const ended: [number, number][] = [];
    const calls = [900, 150, 500].map(async (timeoutMs) => {
      await assert.rejects(transport.send('GET', `/${timeoutMs}`, undefined, { timeoutMs }), TimeoutError);
      ended.push([timeoutMs, Date.now() - started]);
    });
    await Promise.all(calls);
    assert.deepEqual(ended.map(([ms]) => ms), [150, 500, 900], JSON.stringify(ended));
    for (const [ms, at] of ended) assert.ok(at >= ms - 5 && at < ms + 1000, JSON.stringify(ended));
    assert.deepEqual(signals, [undefined, undefined, undefined]);
  });

  it('a cancel still ends a request at once, before its answer and while the body trickles in', async () => {
    const silent = await serve(() => undefined);
    const trickle = await serve((_req, res) => { res.writeHead(200, { 'content-length': '100' }); res.write('{"a":'); });
    for (const server of [silent, trickle]) {
      const { transport } = recording(server.url);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);
      const started = Date.now();
      await assert.rejects(transport.send('GET', '/x', undefined, { signal: controller.signal }), CancelledError);
      assert.ok(Date.now() - started < 1150, `${server.url}: took ${Date.now() - started} ms`);
    }
  });

  it('a timeout ends a request whose body trickles in with its length declared', async () => {
    const server = await serve((_req, res) => { res.writeHead(200, { 'content-length': '100' }); res.write('{"a":'); });
    const started = Date.now();
    await assert.rejects(recording(server.url, { timeoutMs: 200 }).transport.send('POST', '/x', {}), TimeoutError);
    assert.ok(Date.now() - started < 1200, `took ${Date.now() - started} ms`);
  });

  it('refuses an answer over the cap whose declared length is within it: fetch reads no more than is declared', async () => {
    const server = await serve((req, res) => {
      const big = 'x'.repeat(2048);
      if (req.url === '/declared') { res.writeHead(200, { 'content-length': '1000' }); res.end(big.slice(0, 1000)); return; }
      res.end(big);
    });
    const { transport } = recording(server.url, { maxResponseBytes: 1024 });
    assert.equal((await transport.send('GET', '/declared', undefined)).body, 'x'.repeat(1000));
    await assert.rejects(transport.send('GET', '/chunked', undefined), BadResponseError);
  });

  it("aborts an upload at its timeout: its fetch is handed a signal, the timeout's", async () => {
    const server = await serve((req) => { req.resume(); });
    const stream = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new Uint8Array(1024)) });
    const { transport, signals } = recording(server.url, { timeoutMs: 200 });
    await assert.rejects(transport.sendStreamed('/upload', { stream, contentType: 'application/octet-stream', length: 4096 }), TimeoutError);
    assert.equal(signals.length, 1);
    assert.equal(signals[0]?.aborted, true);
  });
});
