// The FastAPI/Starlette layer of the real server: how a body is read and decoded, the JSON and plain-text
// answers, and the 422 shape. Kept apart from the handlers so they read like the Python routes they model.
import { type IncomingMessage } from 'node:http';
import { JsonDecodeError, type PyValue, UnencodableError, dumpPyJson, parsePyJson } from './pyJson';
import { type ErrorDetail, INVALID, ServerCrash, type Validator } from './validators';

export interface Reply {
  status: number;
  body: string;
  /** Bytes to send instead of `body` (a file's raw content). */
  raw?: Buffer;
  contentType: string;
  headers?: Record<string, string>;
  /** Set on answers produced outside CacheControlMiddleware: the 429 and unhandled-exception 500s. */
  bypassesMiddleware?: boolean;
  /** uvicorn drops the keep-alive connection after an unhandled exception; a client reusing it sees a reset. */
  closesConnection?: boolean;
}

/** Starlette's ServerErrorMiddleware answer to an unhandled exception. */
export const crashReply = (): Reply => ({
  status: 500,
  body: 'Internal Server Error',
  contentType: 'text/plain; charset=utf-8',
  bypassesMiddleware: true,
  closesConnection: true,
});

/** A JSONResponse; a body Python could not encode (NaN, lone surrogate) is the unhandled 500 it causes there. */
export function jsonReply(status: number, value: unknown, headers?: Record<string, string>): Reply {
  try {
    return { status, body: dumpPyJson(value), contentType: 'application/json', ...(headers ? { headers } : {}) };
  } catch (e) {
    if (e instanceof UnencodableError) return crashReply();
    throw e;
  }
}

/** FastAPI's handler for HTTPException: `{"detail": ...}`. */
export const detailReply = (status: number, detail: string, headers?: Record<string, string>): Reply =>
  jsonReply(status, { detail }, headers);

export const validationReply = (errors: ErrorDetail[]): Reply => jsonReply(422, { detail: errors });

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** No body at all (empty, or JSON `null`): FastAPI reports the required body parameter as missing. */
export const NO_BODY = Symbol('no body');
export type Body = PyValue | typeof NO_BODY;

// email.message's reading of Content-Type: a value without exactly one '/' counts as text/plain.
function isJsonContentType(header: string | undefined): boolean {
  if (!header) return true; // FastAPI parses a body without Content-Type as JSON
  const type = header.split(';')[0].trim().toLowerCase();
  const parts = type.split('/');
  if (parts.length !== 2) return false;
  return parts[0] === 'application' && (parts[1] === 'json' || parts[1].endsWith('+json'));
}

/**
 * FastAPI's body step, which runs before any dependency (so before the API-key check): undecodable bytes give 400,
 * malformed JSON gives 422 json_invalid. A non-JSON Content-Type hands the raw text to validation.
 */
export function decodeBody(raw: Buffer, contentType: string | undefined): { body: Body } | { reply: Reply } {
  if (raw.length === 0) return { body: NO_BODY };
  const hasBom = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf;
  if (!isJsonContentType(contentType)) return { body: raw.toString('utf8') };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hasBom ? raw.subarray(3) : raw);
  } catch {
    return { reply: detailReply(400, 'There was an error parsing the body') };
  }
  try {
    const value = parsePyJson(text);
    return { body: value === null ? NO_BODY : value };
  } catch (e) {
    if (!(e instanceof JsonDecodeError)) throw e;
    return {
      reply: validationReply([{ type: 'json_invalid', loc: ['body', e.pos], msg: 'JSON decode error', input: new Map(), ctx: { error: e.msg } }]),
    };
  }
}

/** Validates the body parameter; loc entries start with "body" as in FastAPI. */
export function validateBody<T>(validator: Validator, body: Body): { value: T } | { reply: Reply } {
  if (body === NO_BODY) return { reply: validationReply([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]) };
  const errors: ErrorDetail[] = [];
  const value = validator(body, ['body'], errors);
  if (value === INVALID) return { reply: validationReply(errors) };
  return { value: value as T };
}

/** Runs a handler the way Starlette would: a ServerCrash is the plain-text 500. */
export function guard(handler: () => Reply): Reply {
  try {
    return handler();
  } catch (e) {
    if (e instanceof ServerCrash) return crashReply();
    throw e;
  }
}
