// Storing a git provider token: POST /api/add-git-providers on 0.54.0 and 1.6.0, POST
// /api/v1/secrets/git-providers on 1.11.0, the same body. The real servers check a token with the provider's API
// before storing it; on this machine, without internet access, they refuse every token, with 401 and their reason
// (V0 `{"error": …}`, V1 `{"detail": …}`), distinct from a refused session key's `{"detail":"Unauthorized"}`. The
// stand-in refuses the same way every token without its test prefix. Stores nothing: the suites after it start
// without tokens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import { ProviderTokenRefusedError } from '../../src/api/providerTokenErrors';
import { assertJson, UNAUTHORIZED } from './expected';
import type { Client } from './target';

const ROUTE = { v0: '/api/add-git-providers', mixed: '/api/add-git-providers', v1: '/api/v1/secrets/git-providers' } as const;
const PROVIDERS = {
  v0: "'github', 'gitlab', 'bitbucket' or 'enterprise_sso'",
  mixed: "'github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'forgejo', 'azure_devops' or 'enterprise_sso'",
  v1: "'github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'forgejo', 'azure_devops' or 'enterprise_sso'",
} as const;
/** Not a real token: no provider would take it, and the servers here cannot ask one anyway. */
const UNVERIFIABLE = '{"provider_tokens":{"github":{"token":"ghp_conformance_not_a_token","host":null}}}';
const REFUSAL = 'Invalid token. Please make sure it is a valid github token.';

export function providerTokensSuite(client: Client): void {
  const { api, apiKey } = client.target;
  if (api === 'agent') throw new Error('an agent server keeps no provider tokens: this suite is for the app server\'s lines');
  const route = ROUTE[api];

  describe(`provider tokens: POST ${route}`, () => {
    it('no key: 401 {"detail":"Unauthorized"}', { skip: apiKey === undefined && 'the server checks no key' }, async () => {
      assertJson(await client.post(route, UNVERIFIABLE, { key: null }), 401, UNAUTHORIZED);
    });

    it('422 for an unknown provider, a token that is not a string, provider_tokens that is not an object', async () => {
      const expected = PROVIDERS[api];
      assertJson(await client.post(route, '{"provider_tokens":{"nope":{"token":"x"}}}'), 422, JSON.stringify({ detail: [{
        type: 'enum', loc: ['body', 'provider_tokens', 'nope', '[key]'], msg: `Input should be ${expected}`, input: 'nope', ctx: { expected },
      }] }));
      assertJson(await client.post(route, '{"provider_tokens":{"github":{"token":5}}}'), 422, JSON.stringify({ detail: [{
        type: 'string_type', loc: ['body', 'provider_tokens', 'github', 'token'], msg: 'Input should be a valid string', input: 5,
      }] }));
      assertJson(await client.post(route, '{"provider_tokens":"x"}'), 422, JSON.stringify({ detail: [{
        type: 'dict_type', loc: ['body', 'provider_tokens'], msg: 'Input should be a valid dictionary', input: 'x',
      }] }));
    });

    it('a token the server cannot verify: 401 with its reason, not the key\'s "Unauthorized"', async () => {
      assertJson(await client.post(route, UNVERIFIABLE), 401, JSON.stringify(api === 'v1' ? { detail: REFUSAL } : { error: REFUSAL }));
    });

    it('a provider sent without a token (how the client keeps the tokens held): 200, nothing to check', async () => {
      assertJson(await client.post(route, '{"provider_tokens":{"gitlab":{"token":"","host":null}}}'), 200, '{"message":"Git providers stored"}');
    });

    it('the client finds the route in openapi.json and says the refusal as ProviderTokenRefusedError, the token kept out of it', async () => {
      const fetch = undiciFetch as unknown as FetchFunction;
      const connected = await connectClient({ baseUrl: client.target.baseUrl, fetch, getCredential: async () => sessionCredential(apiKey), timeoutMs: 60_000 });
      assert.ok(connected.storeProviderToken, 'the server lists a route for storing tokens');
      await assert.rejects(connected.storeProviderToken('github', 'ghp_conformance_client_token', null), (error: unknown) => {
        assert.ok(error instanceof ProviderTokenRefusedError, String(error));
        assert.equal(error.reason, REFUSAL);
        assert.doesNotMatch(error.message, /ghp_conformance_client_token/);
        return true;
      });
    });
  });
}
