// A small WebSocket client (RFC 6455: text messages, masking, fragments, ping/pong, close) over node:http's
// `upgrade`. The extension host of VS Code 1.100 runs Node 20, which has no global WebSocket; undici's would
// add ~350-530 KiB minified to a bundle whose budget is 100 KiB. A redirect is never followed (the answer is a
// failure), and nothing secret belongs in the URL: a key goes in the first message the caller sends.
import { createHash, randomBytes } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import type { Duplex } from 'node:stream';
import type { ApiError, RequestInfo } from './apiError';
import { errorForStatus } from './statusErrors';
import { classifyNetworkFailure } from './transport';
import { BadResponseError, NetworkError, TimeoutError } from './transportErrors';
import { closePayload, encodeFrame, FrameError, FrameReader, MessageAssembler, Opcode, parseClosePayload, type Frame } from './webSocketFrames';

export interface WebSocketOptions {
  /** Extra headers of the upgrade request (never a key: see above). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The connection is open; `send` is the same as the returned connection's. */
  readonly onOpen: (send: (text: string) => void) => void;
  readonly onText: (text: string) => void;
  /**
   * Called once, when the connection ends: the server's close code and reason, 1000 after close() or an abort,
   * 1006 when the connection failed or dropped (then `error` says why), 1002/1007/1009 after a protocol fault.
   */
  readonly onClose: (code: number, reason: string, error?: ApiError) => void;
  /** Aborting closes the connection, as close() does. */
  readonly signal?: AbortSignal;
  /** How long the upgrade may take, default 10 s. */
  readonly openTimeoutMs?: number;
  /** A message over this many bytes ends the connection (1009); default 64 MiB. */
  readonly maxMessageBytes?: number;
  /** Sends a ping this often; nothing heard from the server for two of these ends the connection. Default off. */
  readonly pingIntervalMs?: number;
}

export interface WebSocketConnection {
  /** Sends a text message; false when the connection is not open. */
  send(text: string): boolean;
  close(code?: number, reason?: string): void;
}

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const CLOSE_WAIT_MS = 1000;

export function openWebSocket(url: string, options: WebSocketOptions): WebSocketConnection {
  const client = new ClientWebSocket(new URL(url), options);
  return { send: (text) => client.send(text), close: (code, reason) => client.close(code, reason) };
}

class ClientWebSocket {
  private state: 'connecting' | 'open' | 'closing' | 'closed' = 'connecting';
  private readonly request: RequestInfo;
  private readonly upgrade: http.ClientRequest;
  private socket: Duplex | undefined;
  private readonly reader: FrameReader;
  private readonly assembler: MessageAssembler;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly timers: NodeJS.Timeout[] = [];
  private heard = true;

  constructor(url: URL, private readonly options: WebSocketOptions) {
    const secure = url.protocol === 'wss:' || url.protocol === 'https:';
    if (!secure && url.protocol !== 'ws:' && url.protocol !== 'http:') throw new TypeError(`not a WebSocket URL: ${url.protocol}`);
    this.request = { method: 'GET', path: url.pathname, baseUrl: url.origin.replace(/^ws/, 'http') };
    const maxBytes = options.maxMessageBytes ?? 64 * 1024 * 1024;
    this.reader = new FrameReader(false, maxBytes);
    this.assembler = new MessageAssembler(maxBytes);
    const target = new URL(url);
    target.protocol = secure ? 'https:' : 'http:';
    const key = randomBytes(16).toString('base64');
    const headers = { ...options.headers, Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Key': key, 'Sec-WebSocket-Version': '13' };
    this.upgrade = (secure ? https : http).request(target, { headers });
    this.upgrade.on('upgrade', (answer, socket, head) => this.opened(answer, socket, head, key));
    this.upgrade.on('response', (answer) => this.refused(answer));
    this.upgrade.on('error', (error) => this.fail(1006, this.networkError(error)));
    const openTimeoutMs = options.openTimeoutMs ?? 10_000;
    this.timers.push(setTimeout(() => this.fail(1006, new TimeoutError(this.request, openTimeoutMs)), openTimeoutMs));
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
    if (options.signal?.aborted) queueMicrotask(() => this.close());
    this.upgrade.end();
  }

  send(text: string): boolean {
    if (this.state !== 'open') return false;
    this.write(Opcode.text, Buffer.from(text, 'utf8'));
    return true;
  }

  close(code = 1000, reason = ''): void {
    if (this.state === 'connecting') {
      this.finish(code, reason);
    } else if (this.state === 'open') {
      this.write(Opcode.close, closePayload(code, reason));
      this.state = 'closing';
      this.report(code, reason);
      this.timers.push(setTimeout(() => this.socket?.destroy(), CLOSE_WAIT_MS).unref());
    }
  }

  private opened(answer: http.IncomingMessage, socket: Duplex, head: Buffer, key: string): void {
    const accept = createHash('sha1').update(key + ACCEPT_GUID).digest('base64');
    this.socket = socket;
    if (answer.headers['sec-websocket-accept'] !== accept || answer.headers['sec-websocket-extensions']) {
      this.fail(1006, new BadResponseError(this.request, 'WebSocket handshake'));
      return;
    }
    if (this.state !== 'connecting') { socket.destroy(); return; }
    this.clearTimers();
    this.state = 'open';
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(1006, this.networkError(error)));
    socket.on('close', () => this.dropped());
    this.keepAlive();
    this.options.onOpen((text) => { this.send(text); });
    if (head.length) this.receive(head);
  }

  private refused(answer: http.IncomingMessage): void {
    answer.resume();
    const status = answer.statusCode ?? 0;
    // A 3xx is an answer like any other here: following it could carry the caller's headers elsewhere.
    this.fail(1006, status >= 300 && status < 400
      ? new BadResponseError(this.request, `HTTP ${status}, a redirect, not followed`)
      : errorForStatus(this.request, status, undefined, null, undefined));
  }

  private receive(chunk: Buffer): void {
    try {
      for (const frame of this.reader.push(chunk)) {
        if (this.state === 'closed') return;
        this.heard = true;
        this.handle(frame);
      }
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      if (this.state === 'open') this.write(Opcode.close, closePayload(error.closeCode, ''));
      this.fail(error.closeCode, new BadResponseError(this.request, `WebSocket: ${error.message}`));
    }
  }

  private handle(frame: Frame): void {
    switch (frame.opcode) {
      case Opcode.close: {
        const { code, reason } = parseClosePayload(frame.payload);
        if (this.state === 'open') this.write(Opcode.close, frame.payload.subarray(0, 2));
        this.socket?.end();
        this.finish(code, reason);
        return;
      }
      case Opcode.ping: this.write(Opcode.pong, frame.payload); return;
      case Opcode.pong: return;
      case Opcode.text: case Opcode.binary: case Opcode.continuation: {
        const message = this.assembler.add(frame);
        if (message?.opcode !== Opcode.text || this.state !== 'open') return;
        let text: string;
        try { text = this.decoder.decode(message.data); } catch { throw new FrameError(1007, 'text that is not UTF-8'); }
        this.options.onText(text);
        return;
      }
      default: throw new FrameError(1002, `opcode ${frame.opcode}`);
    }
  }

  private keepAlive(): void {
    const interval = this.options.pingIntervalMs;
    if (!interval) return;
    this.timers.push(setInterval(() => {
      if (!this.heard) { this.fail(1006, new TimeoutError(this.request, 2 * interval)); return; }
      this.heard = false;
      this.write(Opcode.ping, Buffer.alloc(0));
    }, interval).unref());
  }

  private write(opcode: number, payload: Buffer): void {
    if (this.socket && !this.socket.destroyed) this.socket.write(encodeFrame(opcode, payload, true));
  }

  /** The socket closed: expected after a close handshake, a drop otherwise. */
  private dropped(): void {
    if (this.state === 'closing') { this.state = 'closed'; this.clearTimers(); return; }
    this.fail(1006, new NetworkError(this.request, 'reset', undefined));
  }

  private networkError(error: Error): ApiError {
    const { cause, code } = classifyNetworkFailure(error);
    return new NetworkError(this.request, cause, code);
  }

  private fail(code: number, error: ApiError): void {
    this.finish(code, '', error);
  }

  private finish(code: number, reason: string, error?: ApiError): void {
    if (this.state === 'closed') return;
    const reported = this.state === 'closing';
    if (this.state === 'connecting') this.upgrade.destroy();
    this.state = 'closed';
    this.clearTimers();
    if (error) this.socket?.destroy();
    if (!reported) this.report(code, reason, error);
  }

  private report(code: number, reason: string, error?: ApiError): void {
    this.options.onClose(code, reason, error);
  }

  private clearTimers(): void {
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
  }
}
