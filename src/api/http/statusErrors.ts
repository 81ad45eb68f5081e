// The server answered with an error status: each status family as its typed error, and the mapping from an answer.
import { isRecord } from '../guards';
import { l10n } from '../../base/l10n';
import { ApiError, type RequestInfo } from './apiError';
import type { CredentialKind } from './credential';
import { parseRetryAfter } from './retryAfter';

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

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v.length > 0);
}
