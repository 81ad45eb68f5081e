// The server under test and raw HTTP to it: the suite compares exact bytes, so it uses global fetch directly,
// sends bodies as bytes (no Content-Type of fetch's own), never follows redirects, and spaces its requests.
//
// Environment:
//   CONFORMANCE_BASE_URL                   e.g. http://127.0.0.1:3000 (required; the suite is skipped without it)
//   CONFORMANCE_API_KEY                    the server's SESSION_API_KEY; empty or unset = a server without one
//   CONFORMANCE_ALLOWS_CONVERSATION_ID=1   the server was started with ALLOW_SET_CONVERSATION_ID=1
//   CONFORMANCE_SKIP_RATE_LIMIT=1          leave out the rate-limit checks (a server started without a limiter)

export interface Target {
  readonly baseUrl: string;
  /** undefined: the server checks no key. */
  readonly apiKey: string | undefined;
  readonly allowsConversationId: boolean;
  readonly rateLimited: boolean;
}

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): Target | undefined {
  const baseUrl = env.CONFORMANCE_BASE_URL?.replace(/\/+$/, '');
  if (!baseUrl) return undefined;
  return {
    baseUrl,
    apiKey: env.CONFORMANCE_API_KEY || undefined,
    allowsConversationId: env.CONFORMANCE_ALLOWS_CONVERSATION_ID === '1',
    rateLimited: env.CONFORMANCE_SKIP_RATE_LIMIT !== '1',
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Milliseconds from sending to the end of the body. */
  ms: number;
}

export interface RequestOptions {
  /** The exact body text (or bytes). */
  body?: string | Buffer;
  /** Content-Type of the body: application/json unless given; null sends none. */
  type?: string | null;
  /** The session key to send: the target's own when undefined, none when null. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** The server delays the 11th request within a second by 1 s: 110 ms apart keeps every answer prompt. */
const GAP_MS = 110;

export class Client {
  private nextAt = 0;

  constructor(readonly target: Target) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const wait = this.nextAt - Date.now();
    if (wait > 0) await sleep(wait);
    this.nextAt = Date.now() + GAP_MS;
    return send(this.target, method, path, options);
  }

  get(path: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request('GET', path, options);
  }

  post(path: string, body: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request('POST', path, { ...options, body });
  }

  /** Lets the server's 1 s rate window empty before the next check. */
  async settle(): Promise<void> {
    await sleep(1200);
    this.nextAt = 0;
  }
}

/** One request without pacing (the rate-limit checks send bursts on purpose). */
export async function send(target: Target, method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? target.apiKey : options.key;
  if (key !== undefined && key !== null) headers['X-Session-API-Key'] = key;
  const type = options.type === undefined ? 'application/json' : options.type;
  if (options.body !== undefined && type !== null) headers['Content-Type'] = type;
  const body = options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body));
  const started = Date.now();
  const response = await fetch(target.baseUrl + path, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
