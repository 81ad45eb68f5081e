// What detecting a server's API can fail with.
import { ApiError, type RequestInfo } from './http/apiError';
import { l10n } from '../base/l10n';

/** The server speaks neither OpenHands API this extension knows (or is not an OpenHands server at all). */
export class UnsupportedServerError extends ApiError {
  readonly kind = 'unsupported';
  constructor(request: RequestInfo, readonly version: string | undefined) {
    super(version
      ? l10n.t('The server at {0} (version {1}) serves neither OpenHands API this extension speaks: the V0 API of OpenHands 0.52-1.6 (/api/settings) or the V1 API of OpenHands 1.x (/api/v1/settings). Check the server URL.', request.baseUrl, version)
      : l10n.t('The server at {0} serves neither OpenHands API this extension speaks: the V0 API of OpenHands 0.52-1.6 (/api/settings) or the V1 API of OpenHands 1.x (/api/v1/settings). Check the server URL.', request.baseUrl), request);
  }
}
