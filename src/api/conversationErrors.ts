// What starting a conversation can fail with, on either API.
import { ApiError, type RequestInfo } from './http/apiError';
import { l10n } from '../base/l10n';
import { providerName } from './providerDomains';

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
      ? l10n.t('The server could not start the conversation on {0} and gave no reason{1}. Most likely it has no {2} token: OpenHands fails a repository start this way without one. Add the token in the server\'s settings, or start without the repository.', on.repository, answered, providerName(on.gitProvider))
      : l10n.t('The server could not start the conversation on {0} and gave no reason{1}. Most likely it has no token for the repository\'s git provider: OpenHands fails a repository start this way without one. Add the token in the server\'s settings, or start without the repository.', on.repository, answered);
  }
}
