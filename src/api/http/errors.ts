// Typed failures of a call to the server. Each message says what happened and what the person can do,
// and never contains a key: URLs in messages are the configured base URL, which holds no user info.
import type { CredentialKind } from './credential';

export type ApiErrorKind =
  | 'unauthorized' | 'not_found' | 'validation' | 'rate_limited' | 'server'
  | 'network' | 'timeout' | 'cancelled' | 'bad_response' | 'redirected'
  | 'unsupported' | 'start_failed' | 'not_kept';

/** Where a request went, for messages and logs. */
export interface RequestInfo {
  readonly method: string;
  readonly path: string;
  readonly baseUrl: string;
}

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  constructor(message: string, readonly request: RequestInfo) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthorizedError extends ApiError {
  readonly kind = 'unauthorized';
  readonly keySent: boolean;
  /** `sent`: the kind of key the refused request carried, or undefined when it carried none. */
  constructor(request: RequestInfo, readonly status: number, readonly sent: CredentialKind | undefined) {
    super(unauthorizedMessage(request.baseUrl, status, sent), request);
    this.keySent = sent !== undefined;
  }
}

function unauthorizedMessage(baseUrl: string, status: number, sent: CredentialKind | undefined): string {
  if (sent === 'cloud') {
    return `The server at ${baseUrl} refused the OpenHands Cloud API key (HTTP ${status}). Set a current key from your Cloud account's API Keys settings, or a session key if this is a self-hosted server.`;
  }
  return sent === 'session'
    ? `The server at ${baseUrl} refused the session API key (HTTP ${status}). Set the key that matches the server's SESSION_API_KEY.`
    : `The server at ${baseUrl} requires a session API key (HTTP ${status}). Set one with "OpenHands: Set API Key".`;
}

export class NotFoundError extends ApiError {
  readonly kind = 'not_found';
  constructor(request: RequestInfo) {
    super(`${request.method} ${request.path} does not exist on ${request.baseUrl} (HTTP 404). Check that the server URL points at an OpenHands server, without /api.`, request);
  }
}

export interface ValidationIssue {
  /** Dotted field path such as `mcp_config.sse_servers.0.url`; empty for the body as a whole. */
  readonly path: string;
  readonly message: string;
}

export class ValidationError extends ApiError {
  readonly kind = 'validation';
  constructor(request: RequestInfo, readonly issues: readonly ValidationIssue[], readonly source: 'client' | 'server') {
    const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    super(source === 'server'
      ? `The server rejected the request (HTTP 422): ${list}`
      : `Not sent, the request is invalid: ${list}`, request);
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rate_limited';
  constructor(request: RequestInfo, readonly retryAfterSeconds: number | undefined) {
    super(`The server at ${request.baseUrl} is rate limiting requests (HTTP 429). Try again${retryAfterSeconds !== undefined ? ` in ${retryAfterSeconds} s` : ' shortly'}.`, request);
  }
}

/** Why the server refused or failed, when its body says so (the `msg_id` of OpenHands' error bodies). */
export type ServerFailureReason = 'settings_not_found' | 'llm_authentication' | 'git_provider_authentication' | 'other';

const REASON_BY_MSG_ID: Record<string, ServerFailureReason> = {
  CONFIGURATION$SETTINGS_NOT_FOUND: 'settings_not_found',
  STATUS$ERROR_LLM_AUTHENTICATION: 'llm_authentication',
  STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR: 'git_provider_authentication',
};

export class ServerError extends ApiError {
  readonly kind = 'server';
  readonly reason: ServerFailureReason;
  constructor(request: RequestInfo, readonly status: number, readonly msgId: string | undefined, readonly serverMessage: string | undefined) {
    const reason = (msgId && REASON_BY_MSG_ID[msgId]) || 'other';
    super(ServerError.describe(reason, status, serverMessage), request);
    this.reason = reason;
  }

  private static describe(reason: ServerFailureReason, status: number, serverMessage: string | undefined): string {
    switch (reason) {
      case 'settings_not_found':
        return 'The server has no settings yet. Configure the LLM in the OpenHands settings first.';
      case 'llm_authentication':
        return 'The server has no usable LLM API key. Set the LLM API key in the OpenHands settings.';
      case 'git_provider_authentication':
        return `The server cannot access the repository (${serverMessage ?? 'no git provider token'}). Add a git provider token on the server, or start without a repository.`;
      case 'other':
        return status >= 500
          ? `The server failed (HTTP ${status}): ${serverMessage ?? 'Internal Server Error'}. Retry, or see the server's log.`
          : `The server refused the request (HTTP ${status})${serverMessage ? `: ${serverMessage}` : ''}.`;
    }
  }
}

export type NetworkCause = 'refused' | 'dns' | 'reset' | 'tls' | 'other';

/** The families of TLS failure, each with its own fix. */
export type TlsProblem = 'untrusted' | 'expired' | 'host_mismatch' | 'handshake';

export function tlsProblem(code: string | undefined): TlsProblem {
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return 'expired';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'host_mismatch';
  if (code && /SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY_LEAF)|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE/.test(code)) return 'untrusted';
  return 'handshake';
}

const TLS_TEXT: Record<TlsProblem, string> = {
  untrusted: 'its certificate is not trusted (self-signed, or signed by an authority this machine does not know). '
    + 'If the server is yours, add its certificate or authority to the system\'s certificate store (VS Code reads it while "http.systemCertificates" is on); '
    + 'turning "http.proxyStrictSSL" off stops every certificate check, so do that only on a network you trust.',
  expired: 'its certificate has expired or is not valid yet. Ask whoever runs the server to renew it, or check this machine\'s clock.',
  host_mismatch: 'its certificate was issued for another host name. Use the URL with the host name the certificate names.',
  handshake: 'the TLS handshake failed. Check that the URL\'s scheme matches the server (http:// for a server without TLS) and VS Code\'s proxy settings ("http.proxy").',
};

export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(request: RequestInfo, readonly cause: NetworkCause, readonly code: string | undefined) {
    const what: Record<Exclude<NetworkCause, 'tls'>, string> = {
      refused: 'the connection was refused. Is the OpenHands server running?',
      dns: 'the host name could not be resolved. Check the server URL.',
      reset: 'the connection was closed before the answer was complete. Retry.',
      other: `the request failed${code ? ` (${code})` : ''}. Retry, or check the server URL.`,
    };
    super(cause === 'tls'
      ? `Cannot connect securely to ${request.baseUrl}${code ? ` (${code})` : ''}: ${TLS_TEXT[tlsProblem(code)]}`
      : `Cannot reach ${request.baseUrl}: ${what[cause]}`, request);
  }
}

/** Why a redirect was not followed: it leaves the server's origin, drops https, or goes round in circles. */
export type RedirectProblem = 'other_origin' | 'downgrade' | 'too_many';

/**
 * A 3xx the transport did not follow. `target` is where the server points, as origin and path only: user
 * info, query and fragment may hold tokens. `movedTo` is the base URL the redirect implies when it kept the
 * request's path (the server moved), undefined when it points elsewhere (a login page, say).
 */
export class RedirectError extends ApiError {
  readonly kind = 'redirected';
  constructor(request: RequestInfo, readonly status: number, readonly problem: RedirectProblem, readonly target: string, readonly movedTo: string | undefined) {
    super(RedirectError.describe(request, status, problem, target, movedTo), request);
  }

  private static describe(request: RequestInfo, status: number, problem: RedirectProblem, target: string, movedTo: string | undefined): string {
    const said = `The server at ${request.baseUrl} answered ${request.method} ${request.path} with HTTP ${status}, pointing to ${target}`;
    switch (problem) {
      case 'downgrade':
        return `${said}: from https to plain http. Refused, nothing was sent there: the key would cross the network in clear text. Check the server URL, or the redirects of the server or its proxy.`;
      case 'too_many':
        return `${said} after several redirects within the server. Stopped: it goes round in circles. Check the redirects of the server or its proxy.`;
      case 'other_origin':
        return `${said}, another server. Nothing was sent there: a key goes only to the server it was set for. ` + (movedTo
          ? `If the server moved, use ${movedTo} (its API key is set separately).`
          : 'It does not look like the same API (a login page or a proxy, perhaps): check the server URL and what stands in front of the server.');
    }
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(request: RequestInfo, readonly timeoutMs: number) {
    super(`The server at ${request.baseUrl} did not answer within ${Math.round(timeoutMs / 100) / 10} s. Retry, or raise openhands.requestTimeoutSeconds.`, request);
  }
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  constructor(request: RequestInfo) {
    super(`The request ${request.method} ${request.path} was cancelled.`, request);
  }
}

export class BadResponseError extends ApiError {
  readonly kind = 'bad_response';
  constructor(request: RequestInfo, readonly detail: string) {
    super(`The server at ${request.baseUrl} sent an answer this extension cannot read (${detail}). Check that the URL points at an OpenHands server.`, request);
  }
}

/** The server speaks neither OpenHands API this extension knows (or is not an OpenHands server at all). */
export class UnsupportedServerError extends ApiError {
  readonly kind = 'unsupported';
  constructor(request: RequestInfo, readonly version: string | undefined) {
    super(`The server at ${request.baseUrl}${version ? ` (version ${version})` : ''} serves neither OpenHands API this extension speaks: ` +
      'the V0 API of OpenHands 0.52-1.6 (/api/settings) or the V1 API of OpenHands 1.x (/api/v1/settings). Check the server URL.', request);
  }
}

/** A V1 start task that ended in ERROR, or that the server stopped moving on. */
export class StartFailedError extends ApiError {
  readonly kind = 'start_failed';
  constructor(request: RequestInfo, readonly detail: string, readonly withRepository: boolean, readonly stalled = false) {
    super(StartFailedError.describe(detail, withRepository, stalled), request);
  }

  private static describe(detail: string, withRepository: boolean, stalled: boolean): string {
    if (stalled) return `The server stopped reporting progress on the conversation's start (still ${detail}); it may have restarted. Retry.`;
    if (detail.trim()) return `The server could not start the conversation: ${detail.trim()}`;
    // The real server says nothing when it lacks a token for the repository's provider (its log says why).
    return withRepository
      ? 'The server could not start the conversation and gave no reason. It fails this way when it has no token for the repository\'s git provider: add one in the server\'s settings, or start without the repository.'
      : 'The server could not start the conversation and gave no reason. See the server\'s log, then retry.';
  }
}

/** A save the server answered with 200 but did not keep: the read-back differs (V1 drops keys it does not know). */
export class NotKeptError extends ApiError {
  readonly kind = 'not_kept';
  constructor(request: RequestInfo, readonly fields: readonly string[]) {
    super(`The server accepted the save but did not keep ${fields.join(', ')}. This server version may not support ${fields.length > 1 ? 'them' : 'it'}.`, request);
  }
}

/** Turns a non-2xx answer into its typed error. `json` is the parsed body when it was JSON. */
export function errorForStatus(request: RequestInfo, status: number, json: unknown, retryAfter: string | null, keySent: CredentialKind | undefined): ApiError {
  if (status === 401 || status === 403) return new UnauthorizedError(request, status, keySent);
  // FastAPI's own 404 is {"detail":"Not Found"} (no such route); a route's own says what it did not find.
  const detail = isRecord(json) && typeof json.detail === 'string' ? json.detail : undefined;
  if (status === 404 && detail && detail !== 'Not Found') return new ServerError(request, status, undefined, detail);
  if (status === 404) return new NotFoundError(request);
  if (status === 422) return new ValidationError(request, validationIssues(json), 'server');
  if (status === 429) return new RateLimitedError(request, parseRetryAfter(retryAfter));
  const body = isRecord(json) ? json : {};
  const msgId = typeof body.msg_id === 'string' ? body.msg_id : undefined;
  const message = firstString(body.message, body.error, body.detail, typeof json === 'string' ? json : undefined);
  return new ServerError(request, status, msgId, message);
}

/** Reads FastAPI's `{"detail":[{loc, msg}]}` into field paths; `loc` starts with "body", which is dropped. */
function validationIssues(json: unknown): ValidationIssue[] {
  const detail = isRecord(json) ? json.detail : undefined;
  if (!Array.isArray(detail)) return [{ path: '', message: typeof detail === 'string' ? detail : 'invalid request' }];
  return detail.map((d) => {
    const entry = isRecord(d) ? d : {};
    const loc = Array.isArray(entry.loc) ? entry.loc.slice(entry.loc[0] === 'body' ? 1 : 0) : [];
    const msg = typeof entry.msg === 'string' ? entry.msg.replace(/^Value error, /, '') : 'invalid value';
    return { path: loc.join('.'), message: msg };
  });
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v.length > 0);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
