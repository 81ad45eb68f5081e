// X-Session-API-Key (OBSERVED.md §2): JSON parsing comes before the key check, the key check before the schema.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertJson, detail, SETTINGS_NOT_FOUND, UNAUTHORIZED, unprocessable } from './expected';
import type { Client } from './target';

export function authSuite(client: Client): void {
  const key = client.target.apiKey;

  describe('session key', { skip: key === undefined && 'the server checks no key' }, () => {
    it('no key header: 401 {"detail":"Unauthorized"}, no WWW-Authenticate', async () => {
      const answer = await client.get('/api/settings', { key: null });
      assertJson(answer, 401, UNAUTHORIZED);
      assert.equal(answer.headers.get('www-authenticate'), null);
    });

    it('a wrong key: 401', async () => {
      assertJson(await client.get('/api/settings', { key: 'wrong-key' }), 401, UNAUTHORIZED);
    });

    it('the key in other letter case: 401', async (t) => {
      const other = key!.toUpperCase() === key ? key!.toLowerCase() : key!.toUpperCase();
      if (other === key) return t.skip('the key has no letters');
      assertJson(await client.get('/api/settings', { key: other }), 401, UNAUTHORIZED);
    });

    it('whitespace around the key is ignored, inside it is not (sent raw: fetch would strip it itself)', async () => {
      const reference = await client.get('/api/settings');
      assert.notEqual(reference.status, 401, reference.text);
      for (const line of [`X-Session-API-Key: ${key} `, `X-Session-API-Key: \t ${key}\t `]) {
        const answer = await client.raw('GET', '/api/settings', [line]);
        assert.equal(answer.status, reference.status, JSON.stringify(line));
        assert.equal(answer.body, reference.text);
      }
      const inside = await client.raw('GET', '/api/settings', [`X-Session-API-Key: ${key!.slice(0, 4)} ${key!.slice(4)}`]);
      assert.equal(inside.status, 401);
      assert.equal(inside.body, UNAUTHORIZED);
    });

    it('Authorization: Bearer <key> instead of the header: 401', async () => {
      const answer = await client.get('/api/settings', { key: null, headers: { Authorization: `Bearer ${key}` } });
      assertJson(answer, 401, UNAUTHORIZED);
    });

    it('POST /api/settings without key: 401', async () => {
      assertJson(await client.post('/api/settings', '{"llm_model":"x"}', { key: null }), 401, UNAUTHORIZED);
    });

    it('a wrong key with malformed JSON: 422 json_invalid (parsed before the key check)', async () => {
      const answer = await client.post('/api/settings', '{bad', { key: 'wrong-key' });
      const error = detail('json_invalid', ['body', 1], 'JSON decode error', {}, {
        error: 'Expecting property name enclosed in double quotes',
      });
      assertJson(answer, 422, unprocessable(error));
    });

    it('a wrong key with a schema error: 401 (the key is checked before the schema)', async () => {
      assertJson(await client.post('/api/settings', '{"language":5}', { key: 'wrong-key' }), 401, UNAUTHORIZED);
      assertJson(await client.post('/api/conversations', '{"foo":1}', { key: 'wrong-key' }), 401, UNAUTHORIZED);
    });

    it('POST /api/conversations without key: 401', async () => {
      assertJson(await client.post('/api/conversations', '{}', { key: null }), 401, UNAUTHORIZED);
    });
  });

  describe('without a key', () => {
    it('/alive and /health answer without key', async () => {
      assertJson(await client.get('/alive', { key: null }), 200, '{"status":"ok"}');
      assertJson(await client.get('/health', { key: null }), 200, '"OK"');
    });

    it('an unknown /api path is 404 {"detail":"Not Found"}, key or not', async () => {
      assertJson(await client.get('/api/nope', { key: null }), 404, '{"detail":"Not Found"}');
      assertJson(await client.get('/api/nope'), 404, '{"detail":"Not Found"}');
    });

    it('on a server without SESSION_API_KEY, any key or none is accepted', { skip: key !== undefined && 'the server checks a key' }, async () => {
      for (const sent of [null, 'any-key']) {
        const answer = await client.get('/api/settings', { key: sent });
        assert.ok(answer.status === 200 || answer.text === SETTINGS_NOT_FOUND, `${answer.status} ${answer.text}`);
      }
    });
  });
}
