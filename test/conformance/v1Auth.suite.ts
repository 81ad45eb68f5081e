// Who may call a V1 server: every /api/v1 route needs the key (X-Session-API-Key on a self-hosted server, a
// Bearer token on the stand-in's --auth bearer, as OpenHands Cloud documents), a few status routes do not, and
// the V0 paths 1.7 removed answer 404.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertJson, UNAUTHORIZED } from './expected';
import { assertOpenapiSubset, recordedAnswer } from './expectedV1';
import type { Client } from './target';

const GUARDED: [string, string, string?][] = [
  ['GET', '/api/v1/settings'],
  ['POST', '/api/v1/settings', '{"agent_settings_diff":{"llm":{"model":"x"}}}'],
  ['GET', '/api/v1/settings/agent-schema'],
  ['GET', '/api/v1/settings/conversation-schema'],
  ['POST', '/api/v1/app-conversations', '{}'],
  ['GET', '/api/v1/app-conversations?ids=0123456789abcdef0123456789abcdef'],
  ['GET', '/api/v1/app-conversations/start-tasks?ids=0123456789abcdef0123456789abcdef'],
  ['GET', '/api/v1/app-conversations/search'],
];

export function v1AuthSuite(client: Client): void {
  const key = client.target.apiKey;
  const bearer = client.target.bearer;

  describe('V1: the key', { skip: key === undefined && 'the server checks no key' }, () => {
    it('no key: 401 {"detail":"Unauthorized"} on every V1 route', async () => {
      for (const [method, path, body] of GUARDED) {
        assertJson(await client.request(method, path, { key: null, body }), 401, UNAUTHORIZED);
      }
    });

    it('a wrong key: 401', async () => {
      assertJson(await client.get('/api/v1/settings', { key: 'wrong-key' }), 401, UNAUTHORIZED);
    });

    it(bearer ? 'the key as X-Session-API-Key instead of Bearer: 401' : 'the key as a Bearer token instead of X-Session-API-Key: 401', async () => {
      const other: Record<string, string> = bearer ? { 'X-Session-API-Key': key! } : { Authorization: `Bearer ${key}` };
      assertJson(await client.get('/api/v1/settings', { key: null, headers: other }), 401, UNAUTHORIZED);
    });

    it('body decoding comes before the key, validation after it', async () => {
      const malformed = await client.post('/api/v1/settings', '{bad', { key: null });
      assert.equal(malformed.status, 422, malformed.text);
      assertJson(await client.post('/api/v1/app-conversations', '{"initial_message":5}', { key: null }), 401, UNAUTHORIZED);
    });
  });

  describe('V1: open routes and removed V0 paths', () => {
    it('/alive, /health and /openapi.json need no key; openapi.json is the recorded 1.11.0 one (the stand-in\'s: less what it does not serve)', async () => {
      assertJson(await client.get('/alive', { key: null }), 200, '{"status":"ok"}');
      assertJson(await client.get('/health', { key: null }), 200, '"OK"');
      const openapi = await client.get('/openapi.json', { key: null });
      const recordedText = recordedAnswer('openapi-1.11.0.json');
      if (!client.target.control && !client.target.bearer) return assertJson(openapi, 200, recordedText);
      assertOpenapiSubset(openapi.text, recordedText, GUARDED.map(([, path]) => path.split('?')[0]));
    });

    it('GET /api/settings and POST /api/conversations: 404 {"detail":"Not Found"}', async () => {
      assertJson(await client.get('/api/settings'), 404, '{"detail":"Not Found"}');
      assertJson(await client.post('/api/conversations', '{"initial_user_msg":"hi"}'), 404, '{"detail":"Not Found"}');
    });
  });
}
