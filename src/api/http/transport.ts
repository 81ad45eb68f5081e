// One HTTP exchange with the server: the key header (credential.ts), timeout, cancellation, a cap on the size,
// and retries for reads. The fetch function is injected: VS Code's global fetch in the extension (so the user's
// proxy settings apply), undici's in tests and benches. Redirects are followed here, not by fetch: fetch would
// repeat the request, key header and body included, wherever the server points.
import { ApiError, type RequestInfo } from './apiError';
import { BadResponseError, CancelledError, NetworkError, RedirectError, TimeoutError, type NetworkCause, type RedirectProblem } from './transportErrors';
import { parseRetryAfter } from './retryAfter';
import { credentialHeaders, type Credential, type CredentialKind } from './credential';
import type { ApiLogger } from './logger';
import { l10n } from '../../base/l10n';

export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** The methods the client sends; only GETs are tried again. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportOptions {
  /** Normalized base URL without a trailing slash, e.g. `http://localhost:3000`. */
  readonly baseUrl: string;
  readonly fetch: FetchFunction;
  /** The key for this server and its kind, or undefined when none is set. */
  readonly getCredential: () => Promise<Credential | undefined>;
  readonly timeoutMs: number;
  readonly maxResponseBytes?: number;
  /** How often a GET is tried again after a network failure or a 429. POSTs are never repeated. */
  readonly readRetries?: number;
  readonly backoffMs?: number;
  readonly logger?: ApiLogger;
  /** Cancels every call of this transport, e.g. when the person switched to another server. */
  readonly signal?: AbortSignal;
  /**
   * The runtime host patterns set for this server (`*.runtime.example.com`, `runtime.example.com`): where its
   * conversations' agent servers may be, beside the built-in ones (agentHosts.ts). Used only for that rule.
   */
  readonly runtimeHosts?: readonly string[];
  /**
   * Told after each request whether the server answered (any status) or could not be reached (a network failure,
   * once the retries are spent): the one place the connection learns it from, whichever feature asked. A slow
   * answer (a timeout) is not an unreachable server. Another server's transport (the agent server) has none.
   */
  readonly reached?: (answered: boolean) => void;
}

/** A request body sent as it is read (a file), never held whole: its type and its length in bytes. */
export interface StreamedBody {
  readonly stream: ReadableStream<Uint8Array>;
  readonly contentType: string;
  readonly length: number;
}

/** What a request carries: JSON, or a streamed body. */
type Payload = { readonly json: unknown } | { readonly streamed: StreamedBody } | undefined;

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Headers an adapter adds to one request (the agent server's `X-Expose-Secrets`); never the key's header. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface HttpAnswer {
  readonly status: number;
  /** The parsed JSON body, or the raw text when the body is not JSON. */
  readonly body: unknown;
  readonly isJson: boolean;
  readonly retryAfter: string | null;
  /** The kind of key the request carried, or undefined when it carried none. */
  readonly keySent: CredentialKind | undefined;
  readonly request: RequestInfo;
}

/** An answer read as bytes, with its headers (a file, a patch). */
export interface BytesAnswer {
  readonly status: number;
  readonly bytes: Uint8Array;
  readonly headers: Headers;
  readonly retryAfter: string | null;
  readonly keySent: CredentialKind | undefined;
  readonly request: RequestInfo;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
/** A page of events may carry whole files (a file edit's old and new content): their reads allow more. */
export const EVENTS_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const MAX_RETRY_WAIT_MS = 5000;
/** Redirects followed within the server's origin before the request is given up as a loop. */
export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export class Transport {
  /** The base URL parsed, for the redirect checks: once per transport, not per request. */
  private parsedBase: URL | undefined;

  constructor(private readonly options: TransportOptions) {}

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async send(method: HttpMethod, path: string, body: unknown, callOptions: CallOptions = {}): Promise<HttpAnswer> {
    const limit = this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    return this.withRetries(method, path, callOptions, async (call) => {
      return this.jsonExchange(method, path, body === undefined ? undefined : { json: body }, call, limit);
    });
  }

  /**
   * A POST whose body is streamed as it is read (an upload), answered with JSON. Never repeated: the stream is
   * read once.
   */
  async sendStreamed(path: string, body: StreamedBody, callOptions: CallOptions = {}): Promise<HttpAnswer> {
    const call = withTransportSignal(callOptions, this.options.signal);
    return this.jsonExchange('POST', path, { streamed: body }, call, this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
  }

  private async jsonExchange(method: HttpMethod, path: string, payload: Payload, call: CallOptions, limit: number): Promise<HttpAnswer> {
    const { response, credential, request } = await this.exchange(method, path, payload, call, 'application/json', (r, info) => readCapped(r, limit, info));
    const parsed = parseJson(response.value);
    return {
      status: response.status, body: parsed.ok ? parsed.value : response.value, isJson: parsed.ok,
      retryAfter: response.headers.get('retry-after'), keySent: credential?.kind, request,
    };
  }

  /**
   * A GET whose answer is read as raw bytes (a file, a patch), with its headers, up to `maxBytes` (a patch or a
   * file may be larger than any JSON answer). Retried like every read.
   */
  async sendForBytes(path: string, maxBytes: number, callOptions: CallOptions = {}): Promise<BytesAnswer> {
    return this.withRetries('GET', path, callOptions, async (call) => {
      const { response, credential, request } = await this.exchange('GET', path, undefined, call, '*/*', (r, info) => readCappedBytes(r, maxBytes, info));
      return {
        status: response.status, bytes: response.value, headers: response.headers,
        retryAfter: response.headers.get('retry-after'), keySent: credential?.kind, request,
      };
    });
  }

  private async withRetries<A extends { status: number; retryAfter: string | null; request: RequestInfo }>(
    method: HttpMethod, path: string, callOptions: CallOptions, attemptOnce: (call: CallOptions) => Promise<A>,
  ): Promise<A> {
    const call = withTransportSignal(callOptions, this.options.signal);
    const retries = method === 'GET' ? (this.options.readRetries ?? 2) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await attemptOnce(call);
        this.options.reached?.(true);
        if (answer.status !== 429 || attempt >= retries) return answer;
        await pause(this.retryDelay(attempt, answer.retryAfter), answer.request, call.signal);
      } catch (error) {
        if (!(error instanceof NetworkError) || error.cause === 'dns' || error.cause === 'tls' || attempt >= retries) {
          this.reportReach(error);
          throw error;
        }
        this.options.logger?.debug(`${method} ${path}: ${error.cause}, trying again`);
        await pause(this.retryDelay(attempt, null), error.request, call.signal);
      }
    }
  }

  /** A request that failed for good: a network failure is an unreachable server, an answer refused here is one. */
  private reportReach(error: unknown): void {
    if (error instanceof NetworkError) this.options.reached?.(false);
    else if (error instanceof RedirectError || error instanceof BadResponseError) this.options.reached?.(true);
  }

  /** One request and its answer read by `read`, within the timeout and the cancel. */
  private async exchange<T>(
    method: HttpMethod, path: string, payload: Payload, call: CallOptions, accept: string,
    read: (response: Response, request: RequestInfo) => Promise<T>,
  ): Promise<{ response: { status: number; headers: Headers; value: T }; credential: Credential | undefined; request: RequestInfo }> {
    const request: RequestInfo = { method, path, baseUrl: this.options.baseUrl };
    if (call.signal?.aborted) throw new CancelledError(request);
    const credential = await this.options.getCredential();
    const headers: Record<string, string> = { Accept: accept, ...call.headers, ...credentialHeaders(credential) };
    if (payload && 'json' in payload) headers['Content-Type'] = 'application/json';
    if (payload && 'streamed' in payload) {
      headers['Content-Type'] = payload.streamed.contentType;
      headers['Content-Length'] = String(payload.streamed.length);
    }

    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs;
    const controller = new AbortController();
    let stoppedBy: 'timeout' | 'cancel' | undefined;
    const timer = setTimeout(() => { stoppedBy = 'timeout'; controller.abort(); }, timeoutMs);
    const onCancel = () => { stoppedBy = 'cancel'; controller.abort(); };
    call.signal?.addEventListener('abort', onCancel, { once: true });
    const started = Date.now();
    try {
      const response = await this.fetchWithinOrigin(request, {
        method, headers, signal: controller.signal, redirect: 'manual', ...requestBody(payload),
      });
      const value = await read(response, request);
      this.options.logger?.debug(`${method} ${path} -> ${response.status} in ${Date.now() - started} ms`);
      return { response: { status: response.status, headers: response.headers, value }, credential, request };
    } catch (error) {
      if (stoppedBy === 'timeout') throw new TimeoutError(request, timeoutMs);
      if (stoppedBy === 'cancel') throw new CancelledError(request);
      if (error instanceof ApiError) throw error;
      const { cause, code } = classifyNetworkFailure(error);
      this.options.logger?.debug(`${method} ${path} failed after ${Date.now() - started} ms: ${code ?? cause}`);
      throw new NetworkError(request, cause, code);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCancel);
    }
  }

  /**
   * Fetches (`init` asks for redirects by hand), following redirects only within the base URL's origin; any
   * other ends in a RedirectError. URLs are parsed only when the server redirects: most answers are not redirects.
   */
  private async fetchWithinOrigin(request: RequestInfo, init: RequestInit): Promise<Response> {
    let url = this.options.baseUrl + request.path;
    for (let hops = 0; ; hops++) {
      const response = await this.options.fetch(url, init);
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      const target = resolveLocation(location, new URL(url), request);
      this.parsedBase ??= new URL(this.options.baseUrl);
      const problem = redirectProblem(this.parsedBase, target, hops);
      if (problem) {
        // A downgrade or a loop has no new URL worth offering.
        const movedTo = problem === 'other_origin' ? movedBaseUrl(target, request.path) : undefined;
        const error = new RedirectError(request, response.status, problem, shownUrl(target), movedTo);
        this.options.logger?.warn(`${request.method} ${request.path} -> ${response.status} to ${error.target}: not followed (${problem})`);
        throw error;
      }
      this.options.logger?.debug(`${request.method} ${request.path} -> ${response.status}, following to ${target.pathname}`);
      init = redirectedInit(response.status, init);
      url = target.href;
    }
  }

  private retryDelay(attempt: number, retryAfter: string | null): number {
    const seconds = parseRetryAfter(retryAfter);
    const wanted = seconds !== undefined ? seconds * 1000 : (this.options.backoffMs ?? 250) * 2 ** attempt;
    return Math.min(wanted, MAX_RETRY_WAIT_MS);
  }

}

/** The fetch fields of a payload: a stream is sent half-duplex (fetch's rule for a streamed request body). */
function requestBody(payload: Payload): Partial<RequestInit> {
  if (!payload) return {};
  if ('json' in payload) return { body: JSON.stringify(payload.json) };
  return { body: payload.streamed.stream, duplex: 'half' } as Partial<RequestInit>;
}

/** The call's own signal and the transport's, either of which cancels it. */
function withTransportSignal(call: CallOptions, transportSignal: AbortSignal | undefined): CallOptions {
  if (!transportSignal) return call;
  return { ...call, signal: call.signal ? AbortSignal.any([call.signal, transportSignal]) : transportSignal };
}

/** Waits between attempts or polls; a cancel during the wait ends the call at once. */
export function pause(ms: number, request: RequestInfo, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => { clearTimeout(timer); reject(new CancelledError(request)); };
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function resolveLocation(location: string, from: URL, request: RequestInfo): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new BadResponseError(request, l10n.t('a redirect to an unreadable Location'));
  }
}

function redirectProblem(base: URL, target: URL, hops: number): RedirectProblem | undefined {
  if (base.protocol === 'https:' && target.protocol === 'http:') return 'downgrade';
  if (target.origin !== base.origin) return 'other_origin';
  return hops >= MAX_REDIRECTS ? 'too_many' : undefined;
}

/** Origin and path: user info, query and fragment may hold tokens and stay out of messages and logs. */
function shownUrl(target: URL): string {
  return /^https?:$/.test(target.protocol) ? `${target.origin}${target.pathname}` : l10n.t('a {0} URL', target.protocol);
}

/** The base URL of a moved server: the target, less the request's own path, when it kept that path. */
function movedBaseUrl(target: URL, path: string): string | undefined {
  const wanted = path.split('?')[0].replace(/\/+$/, '');
  const got = target.pathname.replace(/\/+$/, '');
  if (!/^https?:$/.test(target.protocol) || !got.endsWith(wanted)) return undefined;
  return `${target.origin}${got.slice(0, got.length - wanted.length)}`;
}

/** What fetch sends after a redirect: 303, and 301/302 after a POST, become a GET without a body. */
function redirectedInit(status: number, init: RequestInit): RequestInit {
  if (status !== 303 && !((status === 301 || status === 302) && init.method === 'POST')) return init;
  const headers = { ...(init.headers as Record<string, string>) };
  delete headers['Content-Type'];
  return { ...init, method: 'GET', headers, body: undefined };
}

/** One decoder for every answer: a decode without `stream` keeps no state between calls. */
const UTF8 = new TextDecoder();

/** Reads the body as text, refusing more than `max` bytes without reading the rest. */
async function readCapped(response: Response, max: number, request: RequestInfo): Promise<string> {
  // Most answers declare their length: one within the cap is read as text at once (no copy, no decoder of ours).
  const declared = declaredLength(response);
  if (declared !== undefined && declared <= max) return response.text();
  return UTF8.decode(await readCappedBytes(response, max, request));
}

/** The Content-Length the answer declares, or undefined where it declares none (or an unreadable one). */
function declaredLength(response: Response): number | undefined {
  const header = response.headers.get('content-length');
  const length = header === null ? NaN : Number(header);
  return Number.isFinite(length) ? length : undefined;
}

/** Reads the body's bytes, refusing more than `max` without reading the rest. */
async function readCappedBytes(response: Response, max: number, request: RequestInfo): Promise<Uint8Array> {
  const declared = declaredLength(response);
  const tooLarge = () => new BadResponseError(request, l10n.t('answer larger than {0} KiB', Math.round(max / 1024)));
  if (declared !== undefined && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  // A declared length within the cap is read in one go; only an undeclared one is counted chunk by chunk.
  if (declared !== undefined) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.byteLength; }
  return bytes;
}

/** The parsed JSON, or not ok for text that is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

/** Finds the system or undici error code in a fetch failure's cause chain and names what went wrong. */
export function classifyNetworkFailure(error: unknown): { cause: NetworkCause; code: string | undefined } {
  let code: string | undefined;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const candidate = (e as { code?: unknown }).code;
    if (typeof candidate === 'string') { code = candidate; break; }
  }
  if (code === 'ECONNREFUSED') return { cause: 'refused', code };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { cause: 'dns', code };
  if (code && TLS_CODE.test(code)) return { cause: 'tls', code };
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return { cause: 'reset', code };
  }
  const message = error instanceof Error ? error.message : '';
  if (/terminated|other side closed|socket hang up/i.test(message)) return { cause: 'reset', code };
  return { cause: 'other', code };
}
