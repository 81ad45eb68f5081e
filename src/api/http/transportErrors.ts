// The request got no usable answer: the network or TLS failed, a redirect was refused, time ran out, the caller
// cancelled, or the answer could not be read.
import { l10n } from '../../base/l10n';
import { ApiError, type RequestInfo } from './apiError';

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
