// Change Server URL checks the address before saving it: one short attempt to learn what the server speaks. Any
// HTTP answer counts as an answer (a refusal of the key, a server that is no OpenHands: once saved, the views say
// why); only a failure to connect or silence within the time counts as none, and the person decides then.
import { ApiError } from '../../api/http/apiError';
import { l10n } from '../../base/l10n';

/** Long enough for a server across the world, short enough that a typo is not a wait. */
export const URL_CHECK_TIMEOUT_MS = 5000;

export type UrlCheck = { readonly answers: true } | { readonly answers: false; readonly reason: string };

/** Runs `attempt` (which gives up after `timeoutMs`) and says whether anything answered, and if not, why. */
export async function checkServerAnswers(url: string, attempt: (timeoutMs: number) => Promise<unknown>, timeoutMs = URL_CHECK_TIMEOUT_MS): Promise<UrlCheck> {
  try {
    await attempt(timeoutMs);
    return { answers: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'timeout') return { answers: false, reason: l10n.t('Nothing at {0} answered within {1} s.', url, Math.round(timeoutMs / 100) / 10) };
    if (error.kind === 'network') return { answers: false, reason: error.message };
    return { answers: true };
  }
}
