// RFC 6455 frames: encoding one, and reading frames out of a byte stream as its chunks arrive. Shared by the
// client (webSocket.ts, which masks what it sends) and the stand-in's server (which must not, and reads masked).
import { randomBytes } from 'node:crypto';

export const Opcode = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

export interface Frame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

/** One frame's bytes; a client masks every frame (RFC 6455 5.3), a server never does. */
export function encodeFrame(opcode: number, payload: Buffer, mask: boolean, fin = true): Buffer {
  const length = payload.length;
  const lengthBytes = length < 126 ? 0 : length < 0x10000 ? 2 : 8;
  const header = Buffer.alloc(2 + lengthBytes + (mask ? 4 : 0));
  header[0] = (fin ? 0x80 : 0) | opcode;
  header[1] = (mask ? 0x80 : 0) | (lengthBytes === 0 ? length : lengthBytes === 2 ? 126 : 127);
  if (lengthBytes === 2) header.writeUInt16BE(length, 2);
  if (lengthBytes === 8) header.writeBigUInt64BE(BigInt(length), 2);
  if (!mask) return Buffer.concat([header, payload]);
  const key = randomBytes(4);
  key.copy(header, 2 + lengthBytes);
  return Buffer.concat([header, applyMask(payload, key)]);
}

/** A close frame's payload: the code, then the reason in UTF-8 (cut to fit a control frame's 125 bytes). */
export function closePayload(code: number, reason: string): Buffer {
  const payload = Buffer.alloc(2);
  payload.writeUInt16BE(code);
  return Buffer.concat([payload, Buffer.from(reason, 'utf8').subarray(0, 123)]);
}

/** The code and reason of a close frame's payload; 1005 when it names none (RFC 6455 7.1.5). */
export function parseClosePayload(payload: Buffer): { code: number; reason: string } {
  if (payload.length < 2) return { code: 1005, reason: '' };
  return { code: payload.readUInt16BE(0), reason: payload.subarray(2).toString('utf8') };
}

function applyMask(payload: Buffer, key: Buffer): Buffer {
  const out = Buffer.alloc(payload.length);
  for (let i = 0; i < payload.length; i++) out[i] = payload[i] ^ key[i & 3];
  return out;
}

/** Why a byte stream is not a valid frame sequence: the close code to answer with, and what was wrong. */
export class FrameError extends Error {
  constructor(readonly closeCode: number, message: string) {
    super(message);
  }
}

/**
 * Reads frames from chunks as they arrive. `masked`: whether frames must be masked (a server reading a client)
 * or must not be (a client reading a server). A frame longer than `maxPayload` is refused (close code 1009).
 */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  constructor(private readonly masked: boolean, private readonly maxPayload: number) {}

  /** The complete frames the chunk finishes, in order; throws FrameError on a frame that breaks the protocol. */
  push(chunk: Buffer): Frame[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const frames: Frame[] = [];
    for (let frame = this.next(); frame; frame = this.next()) frames.push(frame);
    return frames;
  }

  private next(): Frame | undefined {
    const bytes = this.buffered;
    if (bytes.length < 2) return undefined;
    const header = this.readHeader(bytes);
    if (!header) return undefined;
    const end = header.offset + header.length;
    if (bytes.length < end) return undefined;
    const body = bytes.subarray(header.offset, end);
    this.buffered = bytes.subarray(end);
    const payload = header.key ? applyMask(body, header.key) : Buffer.from(body);
    return { fin: (bytes[0] & 0x80) !== 0, opcode: bytes[0] & 0x0f, payload };
  }

  private readHeader(bytes: Buffer): { offset: number; length: number; key?: Buffer } | undefined {
    if (bytes[0] & 0x70) throw new FrameError(1002, 'reserved bits set');
    const isMasked = (bytes[1] & 0x80) !== 0;
    if (isMasked !== this.masked) throw new FrameError(1002, isMasked ? 'masked frame from a server' : 'unmasked frame from a client');
    const short = bytes[1] & 0x7f;
    const lengthBytes = short === 126 ? 2 : short === 127 ? 8 : 0;
    const offset = 2 + lengthBytes + (isMasked ? 4 : 0);
    if (bytes.length < offset) return undefined;
    const length = lengthBytes === 0 ? short : lengthBytes === 2 ? bytes.readUInt16BE(2) : Number(bytes.readBigUInt64BE(2));
    if ((bytes[0] & 0x08) && (short > 125 || !(bytes[0] & 0x80))) throw new FrameError(1002, 'invalid control frame');
    if (length > this.maxPayload) throw new FrameError(1009, `a frame of ${length} bytes`);
    return { offset, length, key: isMasked ? bytes.subarray(offset - 4, offset) : undefined };
  }
}

/** Joins text frames and their continuations into messages; a message over `maxBytes` is refused (1009). */
export class MessageAssembler {
  private parts: Buffer[] = [];
  private size = 0;
  private collecting: number | undefined;

  constructor(private readonly maxBytes: number) {}

  /** The finished message of a data frame, or undefined while one is still arriving. */
  add(frame: Frame): { opcode: number; data: Buffer } | undefined {
    if (frame.opcode === Opcode.continuation ? this.collecting === undefined : this.collecting !== undefined) {
      throw new FrameError(1002, 'unexpected continuation frame');
    }
    this.collecting ??= frame.opcode;
    this.size += frame.payload.length;
    if (this.size > this.maxBytes) throw new FrameError(1009, `a message over ${this.maxBytes} bytes`);
    this.parts.push(frame.payload);
    if (!frame.fin) return undefined;
    const message = { opcode: this.collecting, data: Buffer.concat(this.parts) };
    this.parts = [];
    this.size = 0;
    this.collecting = undefined;
    return message;
  }
}
