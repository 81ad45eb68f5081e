// The server side of a WebSocket (RFC 6455) over node:http's `upgrade` event, for the stand-in's agent server
// and the client's tests: the handshake, text messages in and out, ping answered, the close handshake. Frames
// are read with the client's own codec, in its server mode (masked frames in, unmasked out).
import { createHash } from 'node:crypto';
import type * as http from 'node:http';
import type { Duplex } from 'node:stream';
import { closePayload, encodeFrame, FrameError, FrameReader, MessageAssembler, Opcode, parseClosePayload, type Frame } from '../../src/api/http/webSocketFrames';

export interface ServerWebSocket {
  sendText(text: string): void;
  /** Bytes written as they are: for tests of frames the server would not make. */
  sendRaw(bytes: Buffer): void;
  /** Starts the close handshake; the socket ends when the client answers (or after a second). */
  close(code: number, reason?: string): void;
  /** Ends the TCP connection with no close frame, as a crashed or paused server would. */
  drop(): void;
  readonly isOpen: () => boolean;
  /** Every frame the client sent, control frames included. */
  readonly frames: Frame[];
}

export interface ServerWebSocketHandlers {
  readonly onText?: (text: string, socket: ServerWebSocket) => void;
  readonly onClose?: (code: number, reason: string) => void;
}

/** Answers an upgrade request with the handshake and returns the open socket. */
export function acceptWebSocket(request: http.IncomingMessage, socket: Duplex, head: Buffer, handlers: ServerWebSocketHandlers): ServerWebSocket {
  const key = String(request.headers['sec-websocket-key'] ?? '');
  const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  let open = true;
  let closedReported = false;
  const reportClose = (code: number, reason: string): void => {
    if (closedReported) return;
    closedReported = true;
    handlers.onClose?.(code, reason);
  };
  const write = (opcode: number, payload: Buffer): void => { if (!socket.destroyed) socket.write(encodeFrame(opcode, payload, false)); };
  const server: ServerWebSocket = {
    sendText: (text) => { if (open) write(Opcode.text, Buffer.from(text, 'utf8')); },
    sendRaw: (bytes) => { if (!socket.destroyed) socket.write(bytes); },
    close: (code, reason = '') => {
      if (!open) return;
      open = false;
      write(Opcode.close, closePayload(code, reason));
      setTimeout(() => socket.destroy(), 1000).unref();
      reportClose(code, reason);
    },
    drop: () => socket.destroy(),
    isOpen: () => open,
    frames: [],
  };
  const reader = new FrameReader(true, 64 * 1024 * 1024);
  const assembler = new MessageAssembler(64 * 1024 * 1024);
  const onFrame = (frame: Frame): void => {
    server.frames.push(frame);
    if (frame.opcode === Opcode.ping) write(Opcode.pong, frame.payload);
    if (frame.opcode === Opcode.close) {
      if (open) write(Opcode.close, frame.payload.subarray(0, 2));
      open = false;
      socket.end();
      const { code, reason } = parseClosePayload(frame.payload);
      reportClose(code, reason);
    }
    if (frame.opcode === Opcode.text || frame.opcode === Opcode.continuation) {
      const message = assembler.add(frame);
      if (message && open) handlers.onText?.(message.data.toString('utf8'), server);
    }
  };
  const receive = (chunk: Buffer): void => {
    try {
      reader.push(chunk).forEach(onFrame);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      server.close(error.closeCode);
    }
  };
  socket.on('data', receive);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => { open = false; reportClose(1006, ''); });
  if (head.length) receive(head);
  return server;
}
