import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { BadResponseError, CancelledError, NetworkError, TimeoutError } from '../../../src/api/http/transportErrors';
import { Transport, type FetchFunction, type TransportOptions } from '../../../src/api/http/transport';
import { closedPortUrl, startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { sessionCredential } from '../../../src/api/http/credential';

const fetchImpl = undiciFetch as unknown as FetchFunction;
const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function serve(handler: Parameters<typeof startLoopbackServer>[0]): Promise<LoopbackServer> {
  const server = await startLoopbackServer(handler);
  servers.push(server);
  return server;
}

function transport(baseUrl: string, extra: Partial<TransportOptions> = {}): Transport {
  return new Transport({ baseUrl, fetch: fetchImpl, getCredential: async () => undefined, timeoutMs: 5000, backoffMs: 10, ...extra });
}

describe('Transport', () => {
  it('sends the key header only when a key is set, and JSON with its content type', async () => {
    const server = await serve((_req, res) => res.end('{"ok":true}'));
    await transport(server.url, { getCredential: async () => sessionCredential('k-123456') }).send('POST', '/api/x', { a: 1 });
    await transport(server.url).send('GET', '/api/x', undefined);
    assert.equal(server.hits[0].headers['x-session-api-key'], 'k-123456');
    assert.equal(server.hits[0].headers['content-type'], 'application/json');
    assert.equal(server.hits[1].headers['x-session-api-key'], undefined);
  });

  it('sends a session key only as X-Session-API-Key and a Cloud key only as a Bearer token: one header per kind', async () => {
    const server = await serve((_req, res) => res.end('{"ok":true}'));
    const kinds = ['session', 'cloud'] as const;
    for (const kind of kinds) {
      await transport(server.url, { getCredential: async () => ({ kind, key: `${kind}-key-0123` }) }).send('GET', '/api/x', undefined);
    }
    const keyHeaders = server.hits.map((hit) => ({ session: hit.headers['x-session-api-key'], bearer: hit.headers.authorization }));
    assert.deepEqual(keyHeaders, [
      { session: 'session-key-0123', bearer: undefined },
      { session: undefined, bearer: 'Bearer cloud-key-0123' },
    ]);
  });

  it('ends a request that gets no answer within 1 s of its timeout', async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    await assert.rejects(transport(server.url, { timeoutMs: 300 }).send('POST', '/slow', {}), TimeoutError);
    assert.ok(Date.now() - started < 1300, `took ${Date.now() - started} ms`);
  });

  it('ends a request within 1 s of its cancellation, also while the body trickles in', async () => {
    const server = await serve((_req, res) => { res.writeHead(200); res.write('{"a":'); });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(transport(server.url).send('GET', '/trickle', undefined, { signal: controller.signal }), CancelledError);
    assert.ok(Date.now() - started < 1200);
  });

  it("ends every call in flight when the transport's own signal fires (the server switched), and refuses new ones", async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    const client = transport(server.url, { signal: controller.signal });
    const started = Date.now();
    const calls = [client.send('GET', '/a', undefined), client.send('POST', '/b', {}, { signal: new AbortController().signal })];
    setTimeout(() => controller.abort(), 200);
    for (const call of calls) await assert.rejects(call, CancelledError);
    assert.ok(Date.now() - started < 1200, `took ${Date.now() - started} ms`);
    await assert.rejects(client.send('GET', '/c', undefined), CancelledError);
  });

  it('refuses an answer over the size cap, declared or streamed', async () => {
    const big = 'x'.repeat(2048);
    const declared = await serve((_req, res) => { res.setHeader('content-length', big.length); res.end(big); });
    const chunked = await serve((_req, res) => { res.write(big); res.end(big); });
    for (const server of [declared, chunked]) {
      await assert.rejects(transport(server.url, { maxResponseBytes: 1024 }).send('GET', '/big', undefined), BadResponseError);
    }
  });

  it('names a refused connection and a reset one', async () => {
    const refused = await closedPortUrl();
    await assert.rejects(transport(refused, { readRetries: 0 }).send('GET', '/x', undefined),
      (e: unknown) => e instanceof NetworkError && e.cause === 'refused');
    const reset = await serve((req) => req.socket.destroy());
    await assert.rejects(transport(reset.url).send('POST', '/x', {}),
      (e: unknown) => e instanceof NetworkError && e.cause === 'reset');
  });

  it('tries a GET twice more after a 429 or a network failure, and a POST never', async () => {
    let calls = 0;
    const server = await serve((_req, res) => {
      calls += 1;
      if (calls < 3) { res.writeHead(429, { 'retry-after': '0' }); res.end('{"message":"Too many requests"}'); return; }
      res.end('{"ok":true}');
    });
    const answer = await transport(server.url).send('GET', '/x', undefined);
    assert.equal(answer.status, 200);
    assert.equal(calls, 3);
    calls = 0;
    const posted = await transport(server.url).send('POST', '/x', {});
    assert.equal(posted.status, 429);
    assert.equal(calls, 1);
  });

  it('gives up on a GET after three failed attempts', async () => {
    const server = await serve((req) => req.socket.destroy());
    await assert.rejects(transport(server.url).send('GET', '/x', undefined), NetworkError);
    assert.equal(server.hits.length, 3);
  });

  it('tells whether the server answered: any status is an answer, a network failure once the retries are spent is not, a timeout neither', async () => {
    const told: boolean[] = [];
    const reached = (answered: boolean) => told.push(answered);
    const refused = await closedPortUrl();
    await assert.rejects(transport(refused, { reached, readRetries: 1 }).send('GET', '/x', undefined), NetworkError);
    assert.deepEqual(told, [false], 'told once, after the retry');
    const server = await serve((req, res) => { if (req.url === '/slow') return; res.writeHead(req.url === '/refused' ? 401 : 200); res.end('{}'); });
    await transport(server.url, { reached }).send('POST', '/refused', {});
    await transport(server.url, { reached }).send('GET', '/x', undefined);
    await assert.rejects(transport(server.url, { reached, timeoutMs: 200 }).send('GET', '/slow', undefined), TimeoutError);
    assert.deepEqual(told, [false, true, true]);
  });

  it('keeps a body that is not JSON as text', async () => {
    const server = await serve((_req, res) => { res.writeHead(500, { 'content-type': 'text/plain' }); res.end('Internal Server Error'); });
    const answer = await transport(server.url).send('POST', '/x', {});
    assert.deepEqual([answer.status, answer.isJson, answer.body], [500, false, 'Internal Server Error']);
  });
});

// Timeouts and cancels when several requests of one transport are under way at once, and the size cap.
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
  it('ends each of several requests in flight at its own timeout (one timer for them all)', async () => {
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
    for (const [ms, at] of ended) assert.ok(at >= ms - 1, JSON.stringify(ended));
    assert.ok(signals.every((signal) => signal?.aborted), 'each request aborted');
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
