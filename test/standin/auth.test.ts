// X-Session-API-Key (contract §4, checklist item 1): only when configured, and in FastAPI's order: body decoding
// before the key check, schema validation after it. Routing answers (404/405/307) come before both.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rawRequest } from '../conformance/rawHttp';
import { call, get, post, serve } from '../support/standin/testClient';

const UNAUTHORIZED = '{"detail":"Unauthorized"}';
const KEY = { 'X-Session-API-Key': 'sekret' };

describe('with a session API key', () => {
  const ctx = serve({ api: 'v0', sessionApiKey: 'sekret' });

  for (const [label, headers] of [
    ['missing', {}],
    ['wrong', { 'X-Session-API-Key': 'wrong' }],
    ['empty', { 'X-Session-API-Key': '' }],
    ['differently cased', { 'X-Session-API-Key': 'SEKRET' }],
  ] as const) {
    it(`a ${label} key is 401 on all three operations`, async () => {
      for (const answer of [
        await get(ctx.url, '/api/settings', headers),
        await post(ctx.url, '/api/settings', '{}', headers),
        await post(ctx.url, '/api/conversations', '{}', headers),
      ]) {
        assert.equal(answer.status, 401);
        assert.equal(answer.text, UNAUTHORIZED);
        assert.equal(answer.headers.get('www-authenticate'), null);
      }
    });
  }

  it('the right key passes, whatever the header name case', async () => {
    assert.equal((await post(ctx.url, '/api/settings', '{}', { 'x-session-api-key': 'sekret' })).status, 200);
    assert.equal((await get(ctx.url, '/api/settings', KEY)).status, 200);
  });

  it('malformed JSON is 422 json_invalid even without a key', async () => {
    const answer = await post(ctx.url, '/api/settings', '{"a":');
    assert.equal(answer.status, 422);
    assert.equal(answer.text, '{"detail":[{"type":"json_invalid","loc":["body",5],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}');
  });

  it('undecodable bytes are 400 even without a key', async () => {
    const answer = await call(ctx.url, 'POST', '/api/conversations', { body: Buffer.from([0xff]) });
    assert.equal(answer.status, 400);
  });

  it('whitespace around the key value is ignored, as uvicorn strips it (sent raw: fetch would strip it itself)', async () => {
    for (const line of ['X-Session-API-Key: sekret ', 'X-Session-API-Key:  \tsekret\t ']) {
      const answer = await rawRequest(ctx.url, 'GET', '/api/settings', [line]);
      assert.equal(answer.status, 404, JSON.stringify(line));
      assert.equal(answer.body, '{"error":"Settings not found"}');
    }
    assert.equal((await rawRequest(ctx.url, 'GET', '/api/settings', ['X-Session-API-Key: sek ret'])).status, 401);
  });

  it('/alive and /health need no key; their other methods are 405 and a trailing slash 307', async () => {
    const alive = await get(ctx.url, '/alive');
    assert.equal(alive.status, 200);
    assert.equal(alive.text, '{"status":"ok"}');
    assert.equal(alive.headers.get('content-type'), 'application/json');
    const health = await get(ctx.url, '/health', { 'X-Session-API-Key': 'wrong' });
    assert.equal(health.status, 200);
    assert.equal(health.text, '"OK"');
    const posted = await post(ctx.url, '/alive', '{}');
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.get('allow'), 'GET');
    const slash = await fetch(`${ctx.url}/health/`, { redirect: 'manual' });
    assert.equal(slash.status, 307);
    assert.equal(slash.headers.get('location'), `${ctx.url}/health`);
  });

  it('a schema error or a missing body without a key is 401', async () => {
    assert.equal((await post(ctx.url, '/api/settings', '{"language":5}')).text, UNAUTHORIZED);
    assert.equal((await post(ctx.url, '/api/conversations', '{"conversation_id":"x"}')).text, UNAUTHORIZED);
    assert.equal((await call(ctx.url, 'POST', '/api/settings')).text, UNAUTHORIZED);
  });

  it('a schema error with the key is 422', async () => {
    assert.equal((await post(ctx.url, '/api/settings', '{"language":5}', KEY)).status, 422);
  });

  it('an unauthorized request changes nothing', async () => {
    await post(ctx.url, '/api/settings', '{"llm_model":"x"}');
    assert.equal(ctx.server.storedSettings(), null);
  });

  it('routing answers come before the key check', async () => {
    const notFound = await get(ctx.url, '/api/nothing');
    assert.equal(notFound.status, 404);
    assert.equal(notFound.text, '{"detail":"Not Found"}');
    const wrongMethod = await call(ctx.url, 'PUT', '/api/settings');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.text, '{"detail":"Method Not Allowed"}');
    assert.equal(wrongMethod.headers.get('allow'), 'GET');
    assert.equal((await call(ctx.url, 'PUT', '/api/conversations')).headers.get('allow'), 'POST');
  });

  it('a trailing slash is redirected (307) to the route', async () => {
    const answer = await fetch(`${ctx.url}/api/settings/?x=1`, { method: 'POST', redirect: 'manual' });
    assert.equal(answer.status, 307);
    assert.equal(answer.headers.get('location'), `${ctx.url}/api/settings?x=1`);
    assert.equal(await answer.text(), '');
  });
});

describe('without a session API key', () => {
  for (const sessionApiKey of [undefined, '']) {
    describe(`sessionApiKey ${JSON.stringify(sessionApiKey)}`, () => {
      const ctx = serve({ api: 'v0', sessionApiKey });

      it('accepts any header or none', async () => {
        assert.equal((await post(ctx.url, '/api/settings', '{}')).status, 200);
        assert.equal((await get(ctx.url, '/api/settings', { 'X-Session-API-Key': 'anything' })).status, 200);
      });
    });
  }
});
