// What saving settings can fail with.
import { ApiError, type RequestInfo } from './http/apiError';
import { l10n } from '../base/l10n';

/** A save the server answered with 200 but did not keep: the read-back differs (V1 drops keys it does not know). */
export class NotKeptError extends ApiError {
  readonly kind = 'not_kept';
  constructor(request: RequestInfo, readonly fields: readonly string[]) {
    super(fields.length > 1
      ? l10n.t('The server accepted the save but did not keep {0}. This server version may not support them.', fields.join(', '))
      : l10n.t('The server accepted the save but did not keep {0}. This server version may not support it.', fields.join(', ')), request);
  }
}
