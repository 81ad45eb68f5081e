// The servers under test and raw HTTP to them: the suite compares exact bytes, so it uses undici's fetch directly,
// sends bodies as bytes (no Content-Type of fetch's own), never follows redirects, and spaces its requests.
//
// Environment, one server:
//   CONFORMANCE_BASE_URL                   e.g. http://127.0.0.1:3000 (the suite is skipped without a server)
//   CONFORMANCE_API_KEY                    the server's SESSION_API_KEY; empty or unset = a server without one
//   CONFORMANCE_ALLOWS_CONVERSATION_ID=1   the server was started with ALLOW_SET_CONVERSATION_ID=1
//   CONFORMANCE_SKIP_RATE_LIMIT=1          the server has no rate limiter: no pacing, no rate-limit checks
//   CONFORMANCE_CONTROL=1                  the server is the stand-in with --control (its /_test routes)
//   CONFORMANCE_API=v1 | mixed | agent     the server speaks OpenHands 1.7+'s V1 API, 1.0-1.6's mix (V0 settings,
//                                          V1 conversations), or is an agent server on its own (openhands-agent-server
//                                          1.58.2, the `agent` line); default v0: 0.54.0's
// or several, checked side by side (scripts/openhands/conformance.sh sets this):
//   CONFORMANCE_TARGETS   a JSON array of {"name", "baseUrl", "apiKey"?, "allowsConversationId"?, "rateLimited"?,
//                         "rateLimitOnly"?, "api"?, "bearer"?, "control"?}: rateLimited defaults to true; rateLimitOnly runs only
//                         the rate-limit checks (the other checks, paced for a limiter, would take 10 times as
//                         long); api "v0" (default), "mixed", "v1" or "agent" picks the suites; bearer sends the key as
//                         `Authorization: Bearer` (the stand-in's --auth bearer, OpenHands Cloud's scheme); control:
//                         the stand-in with --control, told through /_test what a real agent does on its own

import { Agent, fetch as undiciFetch } from 'undici';
import { type RawAnswer, rawRequest } from './rawHttp';

export interface Target {
  readonly name: string;
  readonly baseUrl: string;
  /** undefined: the server checks no key. */
  readonly apiKey: string | undefined;
  readonly allowsConversationId: boolean;
  readonly rateLimited: boolean;
  /** Only the rate-limit checks. */
  readonly rateLimitOnly: boolean;
  /** Which API the server speaks: 0.54.0's V0, 1.0-1.6's mix, 1.7+'s V1 or an agent server's (each line has its own suites). */
  readonly api: ApiLine;
  /** The key goes in `Authorization: Bearer`, not X-Session-API-Key. */
  readonly bearer: boolean;
  /** The stand-in with its /_test control routes (--control): told what a real server's agent does on its own. */
  readonly control: boolean;
}

/** The app server's lines, and an agent server on its own (no app server in front). */
export type ApiLine = 'v0' | 'mixed' | 'v1' | 'agent';
const apiLine = (value: unknown): ApiLine => (value === 'v1' || value === 'mixed' || value === 'agent' ? value : 'v0');

export function targetsFromEnv(env: NodeJS.ProcessEnv = process.env): Target[] {
  if (env.CONFORMANCE_TARGETS) {
    const list: unknown = JSON.parse(env.CONFORMANCE_TARGETS);
    if (!Array.isArray(list) || list.length === 0) throw new Error('CONFORMANCE_TARGETS must be a non-empty JSON array');
    return list.map((entry, i) => {
      const t = entry as Partial<Record<keyof Target, unknown>>;
      if (typeof t.baseUrl !== 'string' || !t.baseUrl) throw new Error(`CONFORMANCE_TARGETS[${i}] has no baseUrl`);
      const baseUrl = t.baseUrl.replace(/\/+$/, '');
      return {
        name: typeof t.name === 'string' && t.name ? t.name : baseUrl,
        baseUrl,
        apiKey: typeof t.apiKey === 'string' && t.apiKey ? t.apiKey : undefined,
        allowsConversationId: t.allowsConversationId === true,
        rateLimited: t.rateLimited !== false,
        rateLimitOnly: t.rateLimitOnly === true,
        api: apiLine(t.api),
        bearer: t.bearer === true,
        control: t.control === true,
      };
    });
  }
  const baseUrl = env.CONFORMANCE_BASE_URL?.replace(/\/+$/, '');
  if (!baseUrl) return [];
  return [
    {
      name: baseUrl,
      baseUrl,
      apiKey: env.CONFORMANCE_API_KEY || undefined,
      allowsConversationId: env.CONFORMANCE_ALLOWS_CONVERSATION_ID === '1',
      rateLimited: env.CONFORMANCE_SKIP_RATE_LIMIT !== '1',
      rateLimitOnly: false,
      api: apiLine(env.CONFORMANCE_API),
      bearer: false,
      control: env.CONFORMANCE_CONTROL === '1',
    },
  ];
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Milliseconds from sending to the end of the body. */
  ms: number;
  /** When it was sent (Date.now()). */
  sentAt: number;
}

export interface RequestOptions {
  /** The exact body text (or bytes). */
  body?: string | Buffer;
  /** Content-Type of the body: application/json unless given; null sends none. */
  type?: string | null;
  /** The session key to send: the target's own when undefined, none when null. */
  key?: string | null;
  headers?: Record<string, string>;
  /** The source address to send from (see ownSource), instead of the system's choice. */
  from?: string;
}

/** The rate limiter delays the 11th request within a second by 1 s: 110 ms apart keeps every answer prompt. */
const GAP_MS = 110;

export class Client {
  private nextAt = 0;
  private readonly gapMs: number;

  constructor(readonly target: Target) {
    this.gapMs = target.rateLimited ? GAP_MS : 0;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    await this.pace();
    return send(this.target, method, path, options);
  }

  get(path: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request('GET', path, options);
  }

  /** Header lines sent byte for byte (see rawHttp.ts), after the same pause. */
  async raw(method: string, path: string, headerLines: string[]): Promise<RawAnswer> {
    await this.pace();
    return rawRequest(this.target.baseUrl, method, path, headerLines);
  }

  post(path: string, body: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request('POST', path, { ...options, body });
  }

  /** Waits until this request is due. */
  private async pace(): Promise<void> {
    const wait = this.nextAt - Date.now();
    if (wait > 0) await sleep(wait);
    this.nextAt = Date.now() + this.gapMs;
  }

  /** Lets the server's 1 s rate window empty before the next check. */
  async settle(): Promise<void> {
    await sleep(1200);
    this.nextAt = 0;
  }
}

/**
 * One connection per request: several checks make the real server fail on purpose (a plain 500), and uvicorn
 * then drops that connection after its answer; a kept-alive socket reused at that moment fails the next check
 * with "fetch failed" (seen twice on 1.11.0 after the events search's 500). pipelining 0: no keep-alive.
 */
const ONE_CONNECTION_EACH = new Agent({ pipelining: 0 });
const FROM_SOURCE = new Map<string, Agent>();

/** The same, from a given source address. */
function dispatcherFrom(localAddress: string | undefined): Agent {
  if (localAddress === undefined) return ONE_CONNECTION_EACH;
  let agent = FROM_SOURCE.get(localAddress);
  if (!agent) FROM_SOURCE.set(localAddress, agent = new Agent({ pipelining: 0, localAddress }));
  return agent;
}

/**
 * A loopback source address of its own (127.0.0.n, n > 1) for a server on 127.0.0.1, else undefined (the
 * system's). The rate limiter keys its window by the client's host: a check sent from an address of its own starts
 * with an empty window, whatever an earlier check or anything else on the machine that talks to the server (its
 * agent servers among them) left in 127.0.0.1's; the late request the issue saw (the 10th of 11) came from one such
 * leftover.
 */
export function ownSource(target: Target, n: number): string | undefined {
  return new URL(target.baseUrl).hostname === '127.0.0.1' ? `127.0.0.${n}` : undefined;
}

/** One request without pacing (the rate-limit checks send bursts on purpose). */
export async function send(target: Target, method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? target.apiKey : options.key;
  if (key !== undefined && key !== null) {
    if (target.bearer) headers.Authorization = `Bearer ${key}`;
    else headers['X-Session-API-Key'] = key;
  }
  const type = options.type === undefined ? 'application/json' : options.type;
  if (options.body !== undefined && type !== null) headers['Content-Type'] = type;
  const body = options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body));
  const started = Date.now();
  const response = await undiciFetch(target.baseUrl + path, { method, headers, body, redirect: 'manual', dispatcher: dispatcherFrom(options.from) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: Date.now() - started, sentAt: started };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
