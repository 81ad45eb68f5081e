// Typed failures of a call to the server. Each message says what happened and what the person can do,
// and never contains a key: URLs in messages are the configured base URL, which holds no user info.
import { l10n } from '../l10n';
import type { CredentialKind } from './credential';
import { PROVIDER_DOMAINS } from '../providerDomains';

export type ApiErrorKind =
  | 'unauthorized' | 'not_found' | 'validation' | 'rate_limited' | 'server'
  | 'network' | 'timeout' | 'cancelled' | 'bad_response' | 'redirected'
  | 'unsupported' | 'start_failed' | 'not_kept' | 'token_refused';

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
    return l10n.t('The server at {0} refused the OpenHands Cloud API key (HTTP {1}). Set a current key from your Cloud account\'s API Keys settings, or a session key if this is a self-hosted server.', baseUrl, status);
  }
  return sent === 'session'
    ? l10n.t('The server at {0} refused the session API key (HTTP {1}). Set the key that matches the server\'s SESSION_API_KEY.', baseUrl, status)
    : l10n.t('The server at {0} requires a session API key (HTTP {1}). Set one with "OpenHands: Set API Key".', baseUrl, status);
}

export class NotFoundError extends ApiError {
  readonly kind = 'not_found';
  constructor(request: RequestInfo) {
    super(l10n.t('{0} {1} does not exist on {2} (HTTP 404). Check that the server URL points at an OpenHands server, without /api.', request.method, request.path, request.baseUrl), request);
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
      ? l10n.t('The server rejected the request (HTTP 422): {0}', list)
      : l10n.t('Not sent, the request is invalid: {0}', list), request);
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rate_limited';
  constructor(request: RequestInfo, readonly retryAfterSeconds: number | undefined) {
    super(retryAfterSeconds !== undefined
      ? l10n.t('The server at {0} is rate limiting requests (HTTP 429). Try again in {1} s.', request.baseUrl, retryAfterSeconds)
      : l10n.t('The server at {0} is rate limiting requests (HTTP 429). Try again shortly.', request.baseUrl), request);
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
        return l10n.t('The server has no settings yet. Configure the LLM in the OpenHands settings first.');
      case 'llm_authentication':
        return l10n.t('The server has no usable LLM API key. Set the LLM API key in the OpenHands settings.');
      case 'git_provider_authentication':
        return serverMessage === undefined
          ? l10n.t('The server cannot access the repository (no git provider token). Add a git provider token on the server, or start without a repository.')
          : l10n.t('The server cannot access the repository ({0}). Add a git provider token on the server, or start without a repository.', serverMessage);
      case 'other':
        return status >= 500 ? ServerError.failed(status, serverMessage) : ServerError.refused(status, serverMessage);
    }
  }

  private static failed(status: number, serverMessage: string | undefined): string {
    return serverMessage === undefined
      ? l10n.t('The server failed (HTTP {0}): Internal Server Error. Retry, or see the server\'s log.', status)
      : l10n.t('The server failed (HTTP {0}): {1}. Retry, or see the server\'s log.', status, serverMessage);
  }

  private static refused(status: number, serverMessage: string | undefined): string {
    return serverMessage
      ? l10n.t('The server refused the request (HTTP {0}): {1}.', status, serverMessage)
      : l10n.t('The server refused the request (HTTP {0}).', status);
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

// The error code comes in parentheses, or not at all, as an argument: it holds no word to translate.
const TLS_TEXT: Record<TlsProblem, (baseUrl: string, code: string) => string> = {
  untrusted: (baseUrl, code) => l10n.t('Cannot connect securely to {0}{1}: its certificate is not trusted (self-signed, or signed by an authority this machine does not know). If the server is yours, add its certificate or authority to the system\'s certificate store (VS Code reads it while "http.systemCertificates" is on); turning "http.proxyStrictSSL" off stops every certificate check, so do that only on a network you trust.', baseUrl, code),
  expired: (baseUrl, code) => l10n.t('Cannot connect securely to {0}{1}: its certificate has expired or is not valid yet. Ask whoever runs the server to renew it, or check this machine\'s clock.', baseUrl, code),
  host_mismatch: (baseUrl, code) => l10n.t('Cannot connect securely to {0}{1}: its certificate was issued for another host name. Use the URL with the host name the certificate names.', baseUrl, code),
  handshake: (baseUrl, code) => l10n.t('Cannot connect securely to {0}{1}: the TLS handshake failed. Check that the URL\'s scheme matches the server (http:// for a server without TLS) and VS Code\'s proxy settings ("http.proxy").', baseUrl, code),
};

const UNREACHABLE_TEXT: Record<Exclude<NetworkCause, 'tls'>, (baseUrl: string, code: string) => string> = {
  refused: (baseUrl) => l10n.t('Cannot reach {0}: the connection was refused. Is the OpenHands server running?', baseUrl),
  dns: (baseUrl) => l10n.t('Cannot reach {0}: the host name could not be resolved. Check the server URL.', baseUrl),
  reset: (baseUrl) => l10n.t('Cannot reach {0}: the connection was closed before the answer was complete. Retry.', baseUrl),
  other: (baseUrl, code) => l10n.t('Cannot reach {0}: the request failed{1}. Retry, or check the server URL.', baseUrl, code),
};

export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(request: RequestInfo, readonly cause: NetworkCause, readonly code: string | undefined) {
    const shownCode = code ? ` (${code})` : '';
    super(cause === 'tls'
      ? TLS_TEXT[tlsProblem(code)](request.baseUrl, shownCode)
      : UNREACHABLE_TEXT[cause](request.baseUrl, shownCode), request);
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
    const said = [request.baseUrl, request.method, request.path, status, target] as const;
    switch (problem) {
      case 'downgrade':
        return l10n.t('The server at {0} answered {1} {2} with HTTP {3}, pointing to {4}: from https to plain http. Refused, nothing was sent there: the key would cross the network in clear text. Check the server URL, or the redirects of the server or its proxy.', ...said);
      case 'too_many':
        return l10n.t('The server at {0} answered {1} {2} with HTTP {3}, pointing to {4} after several redirects within the server. Stopped: it goes round in circles. Check the redirects of the server or its proxy.', ...said);
      case 'other_origin':
        return movedTo
          ? l10n.t('The server at {0} answered {1} {2} with HTTP {3}, pointing to {4}, another server. Nothing was sent there: a key goes only to the server it was set for. If the server moved, use {5} (its API key is set separately).', ...said, movedTo)
          : l10n.t('The server at {0} answered {1} {2} with HTTP {3}, pointing to {4}, another server. Nothing was sent there: a key goes only to the server it was set for. It does not look like the same API (a login page or a proxy, perhaps): check the server URL and what stands in front of the server.', ...said);
    }
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(request: RequestInfo, readonly timeoutMs: number) {
    super(l10n.t('The server at {0} did not answer within {1} s. Retry, or raise openhands.requestTimeoutSeconds.', request.baseUrl, Math.round(timeoutMs / 100) / 10), request);
  }
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  constructor(request: RequestInfo) {
    super(l10n.t('The request {0} {1} was cancelled.', request.method, request.path), request);
  }
}

export class BadResponseError extends ApiError {
  readonly kind = 'bad_response';
  constructor(request: RequestInfo, readonly detail: string) {
    super(l10n.t('The server at {0} sent an answer this extension cannot read ({1}). Check that the URL points at an OpenHands server.', request.baseUrl, detail), request);
  }
}

/** The server speaks neither OpenHands API this extension knows (or is not an OpenHands server at all). */
export class UnsupportedServerError extends ApiError {
  readonly kind = 'unsupported';
  constructor(request: RequestInfo, readonly version: string | undefined) {
    super(version
      ? l10n.t('The server at {0} (version {1}) serves neither OpenHands API this extension speaks: the V0 API of OpenHands 0.52-1.6 (/api/settings) or the V1 API of OpenHands 1.x (/api/v1/settings). Check the server URL.', request.baseUrl, version)
      : l10n.t('The server at {0} serves neither OpenHands API this extension speaks: the V0 API of OpenHands 0.52-1.6 (/api/settings) or the V1 API of OpenHands 1.x (/api/v1/settings). Check the server URL.', request.baseUrl), request);
  }
}

/** What a conversation was started on: its repository and git provider, when it had one. */
export interface StartedOn {
  readonly repository?: string;
  readonly gitProvider?: string;
}

/**
 * A conversation start the server failed: a V1 start task that ended in ERROR or that the server stopped moving
 * on, or a V0 start answered with a bare 500 (`status`). Both servers fail a repository start without a reason
 * when they have no token for the repository's git provider (0.54.0: 500 `Internal Server Error`; 1.x: ERROR with
 * an empty detail), so that is the likely cause named, with what helps instead of a Retry that fails the same way.
 */
export class StartFailedError extends ApiError {
  readonly kind = 'start_failed';
  readonly stalled: boolean;
  readonly status: number | undefined;
  constructor(request: RequestInfo, readonly detail: string, readonly on: StartedOn, options: { stalled?: boolean; status?: number } = {}) {
    super(StartFailedError.describe(detail, on, options), request);
    this.stalled = options.stalled ?? false;
    this.status = options.status;
  }

  get withRepository(): boolean {
    return Boolean(this.on.repository);
  }

  /** No reason given for a repository start: the server most likely has no token for its provider. */
  get likelyNoProviderToken(): boolean {
    return this.withRepository && !this.stalled && !this.detail.trim();
  }

  private static describe(detail: string, on: StartedOn, { stalled, status }: { stalled?: boolean; status?: number }): string {
    if (stalled) return l10n.t('The server stopped reporting progress on the conversation\'s start (still {0}); it may have restarted. Retry.', detail);
    if (detail.trim()) return l10n.t('The server could not start the conversation: {0}', detail.trim());
    // The HTTP status in parentheses, or nothing: an argument, as it holds no word to translate.
    const answered = status ? ` (HTTP ${status})` : '';
    if (!on.repository) return l10n.t('The server could not start the conversation and gave no reason{0}. See the server\'s log, then retry.', answered);
    return on.gitProvider
      ? l10n.t('The server could not start the conversation on {0} and gave no reason{1}. Most likely it has no {2} token: OpenHands fails a repository start this way without one. Add the token in the server\'s settings, or start without the repository.', on.repository, answered, on.gitProvider)
      : l10n.t('The server could not start the conversation on {0} and gave no reason{1}. Most likely it has no token for the repository\'s git provider: OpenHands fails a repository start this way without one. Add the token in the server\'s settings, or start without the repository.', on.repository, answered);
  }
}

/** A save the server answered with 200 but did not keep: the read-back differs (V1 drops keys it does not know). */
export class NotKeptError extends ApiError {
  readonly kind = 'not_kept';
  constructor(request: RequestInfo, readonly fields: readonly string[]) {
    super(fields.length > 1
      ? l10n.t('The server accepted the save but did not keep {0}. This server version may not support them.', fields.join(', '))
      : l10n.t('The server accepted the save but did not keep {0}. This server version may not support it.', fields.join(', ')), request);
  }
}

/**
 * A git provider token the server did not store: it checks a token with the provider's API first, and answers
 * the same when the provider refuses the token and when the server cannot reach the provider at all.
 */
export class ProviderTokenRefusedError extends ApiError {
  readonly kind = 'token_refused';
  constructor(request: RequestInfo, readonly provider: string, readonly host: string | null, readonly reason: string) {
    const where = host ?? PROVIDER_DOMAINS[provider] ?? provider;
    super(l10n.t('The server did not store the {0} token. It answered: {1}. It checks a token with {2} before storing it, so either {2} did not accept this token (mistyped, expired, revoked, or lacking access), or the server cannot reach {2}. Check the token and that the server has internet access, then try again.', provider, reason.trim().replace(/\.$/, ''), where), request);
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
  if (!Array.isArray(detail)) return [{ path: '', message: typeof detail === 'string' ? detail : l10n.t('invalid request') }];
  return detail.map((d) => {
    const entry = isRecord(d) ? d : {};
    const loc = Array.isArray(entry.loc) ? entry.loc.slice(entry.loc[0] === 'body' ? 1 : 0) : [];
    const msg = typeof entry.msg === 'string' ? entry.msg.replace(/^Value error, /, '') : l10n.t('invalid value');
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
