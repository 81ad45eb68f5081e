// The agent server's session socket through the extension's client, against a local server speaking its protocol
// (session_socket.py of 1.58.2): the key in the first message, a drop resumed with `after_seq` (nothing lost,
// nothing twice), a live-only first connection caught up by REST, the closes 4001 and 4004 as typed errors, an older
// server without the route answered by the older socket, and a server gone for good ending the stream.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { after, describe, it } from 'node:test';
import type { ConversationEvent } from '../../../src/api/model/events';
import { mapV1Event } from '../../../src/api/v1/events';
import { agentSessionStream } from '../../../src/api/v1/agentSessionStream';
import { acceptWebSocket, type ServerWebSocket } from '../../support/webSocketServer';

const wire = (seq: number) => ({ id: `e${seq}`, timestamp: `2026-12-02T05:43:${String(10 + seq).padStart(2, '0')}.000001`, source: 'agent', kind: 'MessageEvent', llm_message: { role: 'assistant', content: [{ type: 'text', text: `event ${seq}` }] } });

/** A conversation's log behind a session socket; `close` says how a new connection is closed instead. */
class SessionServer {
  readonly log: object[] = [];
  readonly urls: string[] = [];
  readonly keys: string[] = [];
  readonly live: ServerWebSocket[] = [];
  refuse: number | undefined;
  close: number | undefined;
  private readonly server = http.createServer((_q, r) => r.writeHead(this.refuse ?? 404).end());
  url = '';

  async start(): Promise<this> {
    this.server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  append(count: number): void {
    for (let i = 0; i < count; i++) {
      const seq = this.log.length;
      this.log.push(wire(seq));
      for (const socket of this.live) if (socket.isOpen()) socket.sendText(JSON.stringify({ type: 'durable', seq, event: wire(seq) }));
    }
  }

  /** Ends every connection without a close frame, as a dropped network or a killed server does. */
  drop(): void { for (const socket of this.live.splice(0)) socket.drop(); }

  /** Stops listening and ends every connection (upgraded sockets are not the server's to close). */
  stop(): Promise<void> {
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.drop();
    this.server.closeAllConnections();
    return stopped;
  }

  private upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.refuse) { socket.end(`HTTP/1.1 ${this.refuse} Forbidden\r\ncontent-length: 0\r\n\r\n`); return; }
    this.urls.push(request.url ?? '');
    const afterSeq = new URL(request.url ?? '', 'http://x').searchParams.get('after_seq');
    const ws = acceptWebSocket(request, socket, head, {
      onText: (text, me) => {
        this.keys.push((JSON.parse(text) as { session_api_key: string }).session_api_key);
        if (this.close) { me.close(this.close, 'closed'); return; }
        const through = this.log.length - 1;
        me.sendText(JSON.stringify({ type: 'sync', ...(afterSeq === null ? {} : { from_seq: Number(afterSeq) }), through_seq: through }));
        if (afterSeq !== null) for (let seq = Number(afterSeq) + 1; seq <= through; seq++) me.sendText(JSON.stringify({ type: 'durable', seq, event: this.log[seq] }));
        this.live.push(me);
      },
    });
    void ws;
  }
}

const servers: SessionServer[] = [];
after(() => Promise.all(servers.map((s) => s.stop())));
const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(check(), 'condition not met in time');
};

async function follow(newest: ConversationEvent | undefined, options: { catchUp?: (n: ConversationEvent | undefined) => Promise<ConversationEvent[]>; fallback?: () => { close(): void }; setUp?: (s: SessionServer) => void } = {}) {
  const server = await new SessionServer().start();
  servers.push(server);
  options.setUp?.(server);
  const events: string[] = [];
  const ended: { done: boolean; error?: Error } = { done: false };
  const stream = agentSessionStream({ baseUrl: server.url, conversationPath: undefined, key: 'k' }, 'c1', newest, {
    onEvent: (e) => events.push(e.id), onClose: (error) => { ended.done = true; ended.error = error; },
  }, { catchUp: options.catchUp ?? (async () => []), fallback: options.fallback ?? (() => assert.fail('no fallback expected')), resumeDelaysMs: [10, 20] });
  return { server, events, ended, stream };
}

describe('the agent server\'s session socket', () => {
  it('a drop mid-run resumes after the last seq read: every event once, none lost', async () => {
    const { server, events, ended, stream } = await follow(undefined, { setUp: (s) => s.append(3) });
    await until(() => events.length === 3);
    server.append(2);
    await until(() => events.length === 5);
    server.drop();
    server.append(3); // stored while nothing listened
    await until(() => events.length === 8);
    server.append(1);
    await until(() => events.length === 9);
    assert.deepEqual(events, Array.from({ length: 9 }, (_, i) => `e${i}`));
    assert.deepEqual(server.urls, ['/sockets/session/c1?after_seq=-1', '/sockets/session/c1?after_seq=4']);
    assert.deepEqual(server.keys, ['k', 'k'], 'the key in the first message, never in the URL');
    assert.equal(ended.done, false);
    stream.close();
  });

  it('holding events already, it connects live-only and reads what it missed by REST once the server says where it is', async () => {
    const held = mapV1Event(wire(1));
    let askedFrom: string | undefined;
    const { server, events, stream } = await follow(held, { setUp: (s) => s.append(4), catchUp: async (n) => { askedFrom = n?.id; return [mapV1Event(wire(2)), mapV1Event(wire(3))]; } });
    await until(() => events.length === 2);
    server.append(1);
    await until(() => events.length === 3);
    assert.deepEqual([server.urls, askedFrom, events], [['/sockets/session/c1'], 'e1', ['e2', 'e3', 'e4']]);
    server.drop();
    server.append(1);
    await until(() => events.length === 4);
    assert.equal(server.urls[1], '/sockets/session/c1?after_seq=4', 'resumed by seq from the sync on');
    stream.close();
  });

  for (const [code, kind] of [[4001, 'unauthorized'], [4004, 'conversation_gone']] as const) {
    it(`a close ${code} ends the stream at once with a typed error (${kind}), no retry`, async () => {
      const { server, ended } = await follow(undefined, { setUp: (s) => { s.close = code; } });
      await until(() => ended.done);
      assert.equal((ended.error as Error & { kind?: string }).kind, kind);
      assert.equal(server.urls.length, 1);
    });
  }

  it('an older server without the route (the upgrade refused): the older socket instead', async () => {
    let fellBack = 0;
    const { ended } = await follow(undefined, { setUp: (s) => { s.refuse = 403; }, fallback: () => { fellBack++; return { close: () => undefined }; } });
    await until(() => fellBack === 1);
    assert.equal(ended.done, false);
  });

  it('a server gone for good: the stream ends with the error after its retries', async () => {
    const { server, events, ended } = await follow(undefined, { setUp: (s) => s.append(1) });
    await until(() => events.length === 1);
    await server.stop();
    await until(() => ended.done);
    assert.equal((ended.error as Error & { kind?: string }).kind, 'network');
  });
});
