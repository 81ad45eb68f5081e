// Change Server URL checks the address before saving it: one short attempt to learn what the server speaks. Any
// HTTP answer counts as an answer (a refusal of the key, a server that is no OpenHands: once saved, the views say
// why). Only a failure to connect counts as none, and the person decides then: it is what a typo in the address
// gives, at once. Silence within the short time is a busy server as often as a wrong one (a local agent server
// under load took longer than 5 s), so it is saved, and the views say offline if it never answers.
import { ApiError } from '../../api/http/apiError';

/** Long enough for a server across the world, short enough that a typo is not a wait. */
export const URL_CHECK_TIMEOUT_MS = 5000;

export type UrlCheck = { readonly answers: true } | { readonly answers: false; readonly reason: string };

/**
 * Runs `attempt` (which gives up after `timeoutMs`) and says whether the address may be saved without asking, and
 * if not, why: nothing could connect to it.
 */
export async function checkServerAnswers(attempt: (timeoutMs: number) => Promise<unknown>, timeoutMs = URL_CHECK_TIMEOUT_MS): Promise<UrlCheck> {
  try {
    await attempt(timeoutMs);
    return { answers: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.kind === 'network' ? { answers: false, reason: error.message } : { answers: true };
  }
}
