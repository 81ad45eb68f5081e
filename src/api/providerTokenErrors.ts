// What storing a git provider token can fail with, beside the usual refusals of the transport.
import { ApiError, type RequestInfo } from './http/apiError';
import { PROVIDER_DOMAINS, providerName } from './providerDomains';
import { l10n } from '../base/l10n';

/**
 * A git provider token the server did not store: it checks a token with the provider's API first, and answers
 * the same when the provider refuses the token and when the server cannot reach the provider at all.
 */
export class ProviderTokenRefusedError extends ApiError {
  readonly kind = 'token_refused';
  constructor(request: RequestInfo, readonly provider: string, readonly host: string | null, readonly reason: string) {
    const where = host ?? PROVIDER_DOMAINS[provider] ?? provider;
    super(l10n.t('The server did not store the {0} token. It answered: {1}. It checks a token with {2} before storing it, so either {2} did not accept this token (mistyped, expired, revoked, or lacking access), or the server cannot reach {2}. Check the token and that the server has internet access, then try again.', providerName(provider), reason.trim().replace(/\.$/, ''), where), request);
  }
}
