// Storing git provider tokens: POST /api/add-git-providers of 0.54.0 and 1.6.0 (server/routes/secrets.py) and
// POST /api/v1/secrets/git-providers of 1.11.0 (app_server/secrets/secrets_router.py). The real servers check a
// token with the provider's API and answer 401 with their reason when it fails; the stand-in has no provider to
// ask, so it accepts a token only when it starts with STANDIN_ACCEPTED_TOKEN_PREFIX: any other token is refused
// as the real servers refuse every token on a machine without internet access.
import { type Body, type Reply, detailReply, jsonReply, validateBody } from './http';
import { mcpConfig, mcpConfigWithTimeout } from './mcpConfig';
import { type ServerState, type ProviderTokenSeed } from './state';
import { type ErrorDetail, INVALID, type Validator, enumOf, fail, isDict, model, nullable, str } from './validators';

/** A token the stand-in takes as one its provider accepted. */
export const STANDIN_ACCEPTED_TOKEN_PREFIX = 'standin-accepted-';

export type TokenRouteLine = 'v0' | 'mixed' | 'v1';

// ProviderType: 0.54.0's four, the later lines' seven.
const PROVIDER_TYPES: Record<TokenRouteLine, readonly string[]> = {
  v0: ['github', 'gitlab', 'bitbucket', 'enterprise_sso'],
  mixed: ['github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'forgejo', 'azure_devops', 'enterprise_sso'],
  v1: ['github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'forgejo', 'azure_devops', 'enterprise_sso'],
};

const optional = (validate: Validator) => ({ validate: nullable(validate), default: () => null });
const providerToken = model({ extra: 'ignore', fields: { token: optional(str), user_id: optional(str), host: optional(str) } });

/** pydantic's `dict[Enum, Model]`: each key checked (its error at `[key]`), then its value. */
function providerTokens(providers: readonly string[]): Validator {
  const key = enumOf(providers);
  return (input, loc, errors: ErrorDetail[]) => {
    if (!isDict(input)) return fail(errors, loc, input, 'dict_type', 'Input should be a valid dictionary');
    const out: Record<string, ProviderTokenSeed> = {};
    let ok = true;
    for (const [name, value] of input) {
      const checkedKey = key(name, [...loc, String(name), '[key]'], errors);
      const checkedValue = providerToken(value, [...loc, String(name)], errors);
      if (checkedKey === INVALID || checkedValue === INVALID) ok = false;
      else out[name as string] = checkedValue as ProviderTokenSeed;
    }
    return ok ? out : INVALID;
  };
}

const bodyModel = (line: TokenRouteLine) => model({
  extra: 'ignore',
  fields: {
    mcp_config: optional(line === 'v0' ? mcpConfig : mcpConfigWithTimeout),
    provider_tokens: { validate: providerTokens(PROVIDER_TYPES[line]), default: () => ({}) },
  },
});

const accepted = (token: string) => token.startsWith(STANDIN_ACCEPTED_TOKEN_PREFIX);
const refusalText = (provider: string) => `Invalid token. Please make sure it is a valid ${provider} token.`;

/**
 * check_provider_tokens: each new token is checked, and a held token whose host changes is checked again for
 * the new host. 1.11.0 refuses at the first failure; 0.54.0 and 1.6.0 keep the last check's word, so a later
 * provider's good token hides an earlier bad one.
 */
function refusal(incoming: Record<string, ProviderTokenSeed>, held: ServerState['providerTokens'], line: TokenRouteLine): string {
  let said = '';
  for (const [provider, value] of Object.entries(incoming)) {
    // 0.54.0 and 1.6.0 set their message from each new token's check, and from a failed re-check only.
    if (value.token) said = accepted(value.token) ? '' : refusalText(provider);
    const existing = held?.[provider as keyof typeof held];
    if (existing?.token && existing.host !== (value.host ?? null) && !accepted(existing.token)) said = refusalText(provider);
    if (said && line === 'v1') return said;
  }
  return said;
}

export function postProviderTokens(state: ServerState, body: Body, line: TokenRouteLine): Reply {
  const result = validateBody<{ provider_tokens: Record<string, ProviderTokenSeed> }>(bodyModel(line), body);
  if ('reply' in result) return result.reply;
  const incoming = result.value.provider_tokens;
  const said = refusal(incoming, state.providerTokens, line);
  if (said) return line === 'v1' ? detailReply(401, said) : jsonReply(401, { error: said });
  // The set sent replaces the held one; a provider sent without a token keeps its held token, at the host sent.
  const held = state.providerTokens ?? {};
  const stored = Object.fromEntries(Object.entries(incoming).map(([provider, value]) => {
    const kept = held[provider as keyof typeof held];
    return [provider, !value.token && kept?.token ? { ...kept, host: value.host ?? null } : value];
  }));
  state.seedProviderTokens(stored);
  return jsonReply(200, { message: 'Git providers stored' });
}
