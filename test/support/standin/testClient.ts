// Shared by the contract server's tests: one server per suite on a free loopback port, reset before each test,
// and raw requests through global fetch so the exact bytes of every answer can be compared.
import { after, before, beforeEach } from 'node:test';
import { type ContractServer, type ContractServerOptions, startContractServer } from './contractServer';
import { settingsText, type SettingsBody } from '../../conformance/expected';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  /** Sent as bytes; a string is UTF-8 encoded. */
  body?: string | Buffer;
  /** Content-Type; defaults to application/json when there is a body, null sends none. */
  type?: string | null;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const type = options.type === undefined ? 'application/json' : options.type;
  if (options.body !== undefined && type !== null) headers['content-type'] = type;
  // Bytes, not a string: fetch adds no Content-Type of its own to a Uint8Array body.
  const body = options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body));
  const response = await fetch(base + path, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** POSTs a JSON text (not an object: tests control the exact bytes, e.g. `5.0` versus `5`). */
export const post = (base: string, path: string, body: string, headers?: Record<string, string>): Promise<Answer> =>
  call(base, 'POST', path, { body, headers });

export const get = (base: string, path: string, headers?: Record<string, string>): Promise<Answer> =>
  call(base, 'GET', path, { headers });

/** Starts a server for the enclosing suite and resets it before each test. */
export function serve(options: ContractServerOptions = {}): { readonly server: ContractServer; readonly url: string } {
  let server: ContractServer | undefined;
  before(async () => {
    server = await startContractServer({ host: '127.0.0.1', ...options });
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(() => server?.reset());
  return {
    get server() {
      if (!server) throw new Error('the suite server is not started yet');
      return server;
    },
    get url() {
      return this.server.url;
    },
  };
}

/**
 * The GET body for settings stored from an empty POST, with `changes` applied: the real server's recorded answer
 * (test/conformance/expected.ts), so the contract server's tests and the conformance suite expect the same text.
 */
export const settingsBody = (changes: SettingsBody = {}): string => settingsText(changes);
