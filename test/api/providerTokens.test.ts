// Storing a git provider token through the client, on each line's stand-in (held to the real servers' answers by
// the conformance suite): the route the server lists, the other providers' tokens kept, the refusal typed, the
// token nowhere but in the request body.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../../src/api/client';
import { connectClient } from '../../src/api/createClient';
import { createClient } from '../support/client';
import { sessionCredential } from '../../src/api/http/credential';
import { ProviderTokenRefusedError } from '../../src/api/providerTokenErrors';
import { UnauthorizedError } from '../../src/api/http/statusErrors';
import { providerTokensBody } from '../../src/api/providerTokens';
import { startContractServer, type ContractServer } from '../support/standin/contractServer';
import { STANDIN_ACCEPTED_TOKEN_PREFIX } from '../support/standin/providerTokenRoutes';

const KEY = 'session-key-tokens-0123';
const fetch = undiciFetch as unknown as FetchFunction;
const GOOD = `${STANDIN_ACCEPTED_TOKEN_PREFIX}github-0123`;

describe('providerTokensBody', () => {
  it('sends every other provider held with an empty token and its host, and the new token', () => {
    assert.deepEqual(providerTokensBody({ gitlab: 'gitlab.example.com', bitbucket: null, github: null }, 'github', 'tok', 'ghe.example.com'), {
      provider_tokens: { gitlab: { token: '', host: 'gitlab.example.com' }, bitbucket: { token: '', host: null }, github: { token: 'tok', host: 'ghe.example.com' } },
    });
  });
});

for (const line of ['v0', 'mixed', 'v1'] as const) {
  describe(`storeProviderToken on the ${line} stand-in`, () => {
    let server: ContractServer;
    before(async () => { server = await startContractServer({ api: line, sessionApiKey: KEY }); });
    after(() => server.close());
    beforeEach(() => server.reset());
    const connect = (key = KEY) => connectClient({ baseUrl: server.url, fetch, getCredential: async () => sessionCredential(key), timeoutMs: 5000 });

    it('stores it at the route openapi.json lists, keeping the tokens held for other providers', async () => {
      server.seedProviderTokens({ gitlab: { token: 'glpat-held-0123', host: 'gitlab.example.com' } });
      const client = await connect();
      // The held providers are read from the settings (provider_tokens_set), which a server has once saved.
      await client.storeSettings({ llm_model: 'openai/gpt-4o' });
      server.requests.length = 0;
      await client.storeProviderToken?.('github', GOOD, null);
      const posted = server.requests.filter((r) => r.method === 'POST');
      assert.deepEqual(posted.map((r) => r.path), [line === 'v1' ? '/api/v1/secrets/git-providers' : '/api/add-git-providers']);
      assert.equal(server.providerTokens()?.gitlab?.token, 'glpat-held-0123', 'the held token is kept');
      assert.equal(server.providerTokens()?.gitlab?.host, 'gitlab.example.com');
      assert.equal(server.providerTokens()?.github?.token, GOOD);
    });

    it('a token the provider refuses: ProviderTokenRefusedError with the server\'s reason and the provider\'s domain, nothing stored', async () => {
      const client = await connect();
      await assert.rejects(client.storeProviderToken!('github', 'ghp_refused_0123', null), (error: unknown) => {
        assert.ok(error instanceof ProviderTokenRefusedError);
        assert.equal(error.reason, 'Invalid token. Please make sure it is a valid github token.');
        assert.match(error.message, /github\.com/);
        assert.match(error.message, /^The server did not store the GitHub token\./);
        assert.doesNotMatch(error.message, /ghp_refused_0123/);
        return true;
      });
      assert.equal(server.providerTokens()?.github, undefined);
    });

    it('a refused session key is the key\'s error, not the token\'s', async () => {
      const client = await connect('wrong-key');
      await assert.rejects(client.storeProviderToken!('github', GOOD, null), UnauthorizedError);
    });
  });
}

describe('a server that lists no route for provider tokens', () => {
  it('has no storeProviderToken', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', fetch, getCredential: async () => undefined, timeoutMs: 1000 },
      { version: '9.0.0', settings: 'v1', conversations: 'v1', providerTokens: null });
    assert.equal(client.storeProviderToken, undefined);
  });
});
