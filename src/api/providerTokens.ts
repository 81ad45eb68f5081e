// Storing a git provider token on the server: V0's POST /api/add-git-providers (0.5x, 1.0-1.6) and V1's POST
// /api/v1/secrets/git-providers (1.7+) take the same body. The server replaces its whole set of tokens with the
// one sent, keeping a stored token only for a provider sent with an empty token: so each other provider it
// holds goes along that way, with the host it has (a changed host would make the server check that token again).
// The server checks a new token with the provider's API first and refuses it with 401 and its reason when that
// check fails, the same answer whether the token is wrong or the provider cannot be reached.
import { expectOk } from './http/answers';
import { ProviderTokenRefusedError } from './providerTokenErrors';
import { isRecord } from './guards';
import type { CallOptions, HttpAnswer, Transport } from './http/transport';
import type { ProviderType } from './model/conversations';

/** The body: every provider the server holds with an empty token (kept), and the new token. */
export function providerTokensBody(
  held: Readonly<Record<string, string | null>>, provider: ProviderType, token: string, host: string | null,
): { provider_tokens: Record<string, { token: string; host: string | null }> } {
  const kept = Object.entries(held).filter(([name]) => name !== provider).map(([name, heldHost]) => [name, { token: '', host: heldHost }] as const);
  return { provider_tokens: { ...Object.fromEntries(kept), [provider]: { token, host } } };
}

export async function storeProviderToken(
  transport: Transport, route: string, held: Readonly<Record<string, string | null>>,
  token: { provider: ProviderType; value: string; host: string | null }, call?: CallOptions,
): Promise<void> {
  const answer = await transport.send('POST', route, providerTokensBody(held, token.provider, token.value, token.host), call);
  const reason = refusalReason(answer);
  if (reason !== undefined) {
    // The server's words, never the token: masked in case a server ever echoes it.
    throw new ProviderTokenRefusedError(answer.request, token.provider, token.host, reason.split(token.value).join('…'));
  }
  expectOk(answer);
}

/**
 * The server's reason for refusing the token: a 401 with a message of its own (V0 `{"error": …}`, V1
 * `{"detail": …}`). A refused session key is a 401 too, `{"detail": "Unauthorized"}`: that one is not about the token.
 */
function refusalReason(answer: HttpAnswer): string | undefined {
  if (answer.status !== 401 || !isRecord(answer.body)) return undefined;
  const said = [answer.body.error, answer.body.detail].find((value): value is string => typeof value === 'string' && value.length > 0);
  return said === 'Unauthorized' ? undefined : said;
}
