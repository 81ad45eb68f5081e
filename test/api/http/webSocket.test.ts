// The WebSocket client against a real local server (node:http's `upgrade`): the byte examples of RFC 6455 5.7,
// fragments, pings, the close handshake both ways, and each way a connection fails (status, redirect, timeout,
// refused, dropped, protocol faults, silence).
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { after, describe, it } from 'node:test';
import type { ApiError } from '../../../src/api/http/apiError';
import { openWebSocket, type WebSocketConnection, type WebSocketOptions } from '../../../src/api/http/webSocket';
import { Opcode } from '../../../src/api/http/webSocketFrames';
import { closedPortUrl } from '../../support/loopbackServer';
import { acceptWebSocket, type ServerWebSocket, type ServerWebSocketHandlers } from '../../support/webSocketServer';

type Upgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
const servers: http.Server[] = [];
after(() => Promise.all(servers.map((s) => new Promise((resolve) => { s.closeAllConnections(); s.close(resolve); }))));

async function serve(upgrade: Upgrade, answer: http.RequestListener = (_q, r) => r.end()): Promise<{ url: string; hits: http.IncomingMessage[] }> {
  const hits: http.IncomingMessage[] = [];
  const server = http.createServer((q, r) => { hits.push(q); answer(q, r); });
  server.on('upgrade', (q: http.IncomingMessage, s: Duplex, h: Buffer) => { hits.push(q); upgrade(q, s, h); });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/sockets/events/c1`, hits };
}

/** A server accepting each socket with `handlers`; `sockets` holds them as they open. */
async function wsServer(handlers: ServerWebSocketHandlers = {}) {
  const sockets: ServerWebSocket[] = [];
  const { url, hits } = await serve((q, s, h) => sockets.push(acceptWebSocket(q, s, h, handlers)));
  return { url, hits, sockets };
}

interface Run {
  readonly texts: string[];
  readonly connection: WebSocketConnection;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string; error?: ApiError }>;
}

function open(url: string, options: Partial<WebSocketOptions> = {}): Run {
  const texts: string[] = [];
  let opened!: () => void;
  let closed!: (value: { code: number; reason: string; error?: ApiError }) => void;
  const run = {
    texts,
    opened: new Promise<void>((resolve) => { opened = resolve; }),
    closed: new Promise<{ code: number; reason: string; error?: ApiError }>((resolve) => { closed = resolve; }),
  };
  const connection = openWebSocket(url, {
    onOpen: () => opened(),
    onText: (text) => texts.push(text),
    onClose: (code, reason, error) => closed({ code, reason, error }),
    ...options,
  });
  return { ...run, connection };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(check(), 'condition not met in time');
};

describe('openWebSocket', () => {
  it('sends the first frame on open, masked, and reads the answer; the upgrade carries the headers', async () => {
    const server = await wsServer({ onText: (text, socket) => socket.sendText(`echo ${text}`) });
    const run = open(server.url, { headers: { 'X-Client': 'test' }, onOpen: (send) => send('{"type":"auth","session_api_key":"k"}') });
    await until(() => run.texts.length === 1);
    assert.deepEqual(run.texts, ['echo {"type":"auth","session_api_key":"k"}']);
    assert.equal(server.hits[0].headers['x-client'], 'test');
    assert.equal(server.hits[0].url, '/sockets/events/c1');
    assert.equal(server.sockets[0].frames[0].opcode, Opcode.text);
    run.connection.close();
    assert.deepEqual(await run.closed, { code: 1000, reason: '', error: undefined });
  });

  it('reads RFC 6455\'s examples: an unmasked text, a fragmented one with a ping between, answered by a pong', async () => {
    const server = await wsServer();
    const run = open(server.url);
    await run.opened;
    await until(() => server.sockets.length === 1);
    const socket = server.sockets[0];
    socket.sendRaw(Buffer.from([0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]));
    socket.sendRaw(Buffer.from([0x01, 0x03, 0x48, 0x65, 0x6c]));
    socket.sendRaw(Buffer.from([0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]));
    socket.sendRaw(Buffer.from([0x80, 0x02, 0x6c, 0x6f]));
    await until(() => run.texts.length === 2);
    assert.deepEqual(run.texts, ['Hello', 'Hello']);
    await until(() => socket.frames.some((f) => f.opcode === Opcode.pong));
    assert.equal(socket.frames.find((f) => f.opcode === Opcode.pong)?.payload.toString(), 'Hello');
    run.connection.close();
  });

  it('carries messages of 16- and 64-bit lengths both ways, in chunks of any size', async () => {
    const server = await wsServer({ onText: (text, socket) => socket.sendText(text) });
    const medium = 'm'.repeat(300);
    const large = 'é'.repeat(70_000);
    const run = open(server.url, { onOpen: (send) => { send(medium); send(large); } });
    await until(() => run.texts.length === 2);
    assert.equal(run.texts[0], medium);
    assert.equal(run.texts[1], large);
    run.connection.close();
  });

  it('reports the server\'s close code and reason, and answers its close frame', async () => {
    const server = await wsServer({ onText: (_text, socket) => socket.close(4001, 'Authentication failed') });
    const run = open(server.url, { onOpen: (send) => send('{}') });
    assert.deepEqual(await run.closed, { code: 4001, reason: 'Authentication failed', error: undefined });
    await until(() => server.sockets[0].frames.some((f) => f.opcode === Opcode.close));
    assert.equal(run.connection.send('late'), false);
  });

  it('close() sends a close frame with the code, reports once, and sends nothing after', async () => {
    const closes: number[] = [];
    const server = await wsServer({ onClose: (code) => closes.push(code) });
    let reports = 0;
    const run = open(server.url, { onClose: () => { reports++; } });
    await run.opened;
    run.connection.close(1000, 'bye');
    run.connection.close();
    await until(() => closes.length === 1);
    assert.deepEqual(closes, [1000]);
    assert.equal(reports, 1);
  });

  it('an abort closes it: before the upgrade with no connection left open, after it with a close frame', async () => {
    const early = new AbortController();
    early.abort();
    const refusedServer = await wsServer();
    const run = open(refusedServer.url, { signal: early.signal });
    assert.deepEqual(await run.closed, { code: 1000, reason: '', error: undefined });
    const controller = new AbortController();
    const closes: number[] = [];
    const server = await wsServer({ onClose: (code) => closes.push(code) });
    const late = open(server.url, { signal: controller.signal });
    await late.opened;
    controller.abort();
    await until(() => closes.length === 1);
    assert.equal((await late.closed).code, 1000);
  });
});

describe('openWebSocket failures', () => {
  it('an error status ends it with that status\'s typed error', async () => {
    const server = await serve((_q, socket) => socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n'));
    const { code, error } = await open(server.url).closed;
    assert.equal(code, 1006);
    assert.equal(error?.kind, 'unauthorized');
  });

  it('a redirect is not followed: its target gets no request', async () => {
    const target = await wsServer();
    const server = await serve((_q, socket) => socket.end(`HTTP/1.1 302 Found\r\nLocation: ${target.url.replace('ws:', 'http:')}\r\nContent-Length: 0\r\n\r\n`));
    const { code, error } = await open(server.url, { headers: { 'X-Client': 'test' } }).closed;
    assert.equal(code, 1006);
    assert.equal(error?.kind, 'bad_response');
    assert.match(error?.message ?? '', /302/);
    assert.equal(target.hits.length, 0);
  });

  it('a handshake without the right Sec-WebSocket-Accept is refused', async () => {
    const server = await serve((_q, socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: wrong\r\n\r\n'));
    const run = open(server.url);
    assert.equal((await run.closed).error?.kind, 'bad_response');
  });

  it('an upgrade left unanswered ends at the open timeout', async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const { code, error } = await open(server.url, { openTimeoutMs: 100 }).closed;
    assert.equal(code, 1006);
    assert.equal(error?.kind, 'timeout');
    assert.ok(Date.now() - started >= 90);
  });

  it('a refused connection is a network error', async () => {
    const { error } = await open((await closedPortUrl()).replace('http:', 'ws:')).closed;
    assert.equal(error?.kind, 'network');
  });

  it('a dropped connection ends with 1006 and a network error', async () => {
    const server = await wsServer();
    const run = open(server.url);
    await run.opened;
    await until(() => server.sockets.length === 1);
    server.sockets[0].drop();
    const { code, error } = await run.closed;
    assert.equal(code, 1006);
    assert.equal(error?.kind, 'network');
  });

  for (const [name, bytes, closeCode] of [
    ['a masked frame from the server', Buffer.from([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]), 1002],
    ['a reserved opcode', Buffer.from([0x83, 0x00]), 1002],
    ['a continuation with nothing to continue', Buffer.from([0x80, 0x01, 0x41]), 1002],
    ['text that is not UTF-8', Buffer.from([0x81, 0x02, 0xc3, 0x28]), 1007],
    ['a message over the limit', Buffer.from([0x81, 0x7e, 0x01, 0x00]), 1009],
  ] as const) {
    it(`${name} ends it with close code ${closeCode}, sent to the server too`, async () => {
      const server = await wsServer();
      const run = open(server.url, { maxMessageBytes: 200 });
      await run.opened;
      await until(() => server.sockets.length === 1);
      server.sockets[0].sendRaw(bytes);
      const { code, error } = await run.closed;
      assert.equal(code, closeCode);
      assert.equal(error?.kind, 'bad_response');
      await until(() => server.sockets[0].frames.some((f) => f.opcode === Opcode.close));
      assert.equal(server.sockets[0].frames.find((f) => f.opcode === Opcode.close)?.payload.readUInt16BE(0), closeCode);
    });
  }

  it('with pings on, a server that stops answering ends it with a timeout; one that answers keeps it open', async () => {
    const silent = await serve((q, socket) => { acceptWebSocket(q, socket, Buffer.alloc(0), {}); socket.removeAllListeners('data'); });
    const { code, error } = await open(silent.url, { pingIntervalMs: 30 }).closed;
    assert.equal(code, 1006);
    assert.equal(error?.kind, 'timeout');
    const lively = await wsServer();
    const run = open(lively.url, { pingIntervalMs: 30 });
    await run.opened;
    await until(() => lively.sockets[0].frames.filter((f) => f.opcode === Opcode.ping).length >= 3);
    assert.equal(run.connection.send('still open'), true);
    run.connection.close();
  });
});
