// The HTTP plumbing around the three operations: response headers, the optional rate limiter, and the test
// hooks (recording, faults, the /_test/* control routes, the state file, close).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startContractServer } from '../support/standin/contractServer';
import { call, get, post, serve, settingsBody } from '../support/standin/testClient';

const NO_CACHE = { 'cache-control': 'no-cache, no-store, must-revalidate, max-age=0', pragma: 'no-cache', expires: '0' };

function assertNoCache(headers: Headers): void {
  for (const [name, value] of Object.entries(NO_CACHE)) assert.equal(headers.get(name), value, name);
}

describe('response headers', () => {
  const ctx = serve({ api: 'v0' });

  it('JSON answers carry application/json and the no-cache headers', async () => {
    for (const answer of [
      await get(ctx.url, '/api/settings'),
      await post(ctx.url, '/api/settings', '{}'),
      await get(ctx.url, '/api/settings'),
      await post(ctx.url, '/api/settings', '{"language":5}'),
      await post(ctx.url, '/api/conversations', '{}'),
      await get(ctx.url, '/api/nothing'),
    ]) {
      assert.equal(answer.headers.get('content-type'), 'application/json');
      assertNoCache(answer.headers);
    }
  });

  it('the crash 500 is plain text without cache headers', async () => {
    const answer = await post(ctx.url, '/api/settings', '{"mcp_config":{"sse_servers":null}}');
    assert.equal(answer.status, 500);
    assert.equal(answer.text, 'Internal Server Error');
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(answer.headers.get('cache-control'), null);
    // uvicorn drops the connection after an unhandled exception; a fresh request still works.
    assert.equal((await get(ctx.url, '/api/settings')).status, 404);
  });
});

describe('the web UI', () => {
  const without = serve({ api: 'v1' });
  const withUi = serve({ api: 'v1', webUi: true });

  it('none by default, as on the PyPI server: GET / and a conversation page answer 404 {"detail":"Not Found"}', async () => {
    for (const path of ['/', '/conversations/abc', '/settings/integrations']) {
      const answer = await get(without.url, path);
      assert.equal(answer.status, 404, path);
      assert.equal(answer.text, '{"detail":"Not Found"}');
    }
  });

  it('with webUi: any GET no route takes answers the page; the API routes stay as they are', async () => {
    for (const path of ['/', '/conversations/abc', '/settings/integrations']) {
      const answer = await get(withUi.url, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.match(answer.text, /^<!DOCTYPE html>/);
    }
    assert.equal((await get(withUi.url, '/api/v1/settings')).headers.get('content-type'), 'application/json');
    assert.equal((await post(withUi.url, '/nothing', '{}')).status, 404);
  });
});

describe('rate limit', () => {
  const ctx = serve({ api: 'v0', rateLimit: true });

  it('delays requests 11-20 of a second by 1 s and refuses the rest with 429', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 22 }, async () => {
        const answer = await get(ctx.url, '/api/settings');
        return { ...answer, ms: Date.now() - started };
      }),
    );
    const refused = answers.filter((a) => a.status === 429);
    assert.equal(refused.length, 2);
    for (const answer of refused) {
      assert.equal(answer.text, '{"message":"Too many requests"}');
      assert.equal(answer.headers.get('retry-after'), '1');
      assert.equal(answer.headers.get('content-type'), 'application/json');
      assert.equal(answer.headers.get('cache-control'), null);
    }
    const served = answers.filter((a) => a.status === 404);
    assert.equal(served.length, 20);
    assert.equal(served.filter((a) => a.ms >= 950).length, 10);
  });

  it('is off by default', async () => {
    const server = await startContractServer({ api: 'v0' });
    try {
      const answers = await Promise.all(Array.from({ length: 25 }, () => get(server.url, '/api/settings')));
      assert.ok(answers.every((a) => a.status === 404));
    } finally {
      await server.close();
    }
  });
});

describe('faults', () => {
  const ctx = serve({ api: 'v0' });

  it('answers status and body instead of the handler, `times` times, then clears itself', async () => {
    ctx.server.setFault({ status: 503, body: '{"oops":1}', times: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await get(ctx.url, '/api/settings');
      assert.equal(answer.status, 503);
      assert.equal(answer.text, '{"oops":1}');
      assert.equal(answer.headers.get('content-type'), 'application/json');
    }
    assert.equal((await get(ctx.url, '/api/settings')).status, 404);
  });

  it('matches pathPrefix only and takes a content type', async () => {
    ctx.server.setFault({ status: 502, body: 'Bad Gateway', contentType: 'text/html', pathPrefix: '/api/conversations' });
    assert.equal((await post(ctx.url, '/api/settings', '{}')).status, 200);
    const answer = await post(ctx.url, '/api/conversations', '{}');
    assert.equal(answer.status, 502);
    assert.equal(answer.headers.get('content-type'), 'text/html');
    ctx.server.setFault(null);
    assert.equal((await post(ctx.url, '/api/conversations', '{}')).status, 400);
  });

  it('delays; with only delayMs the real answer follows', async () => {
    ctx.server.setFault({ delayMs: 300, times: 1 });
    const started = Date.now();
    const answer = await get(ctx.url, '/api/settings');
    assert.ok(Date.now() - started >= 290);
    assert.equal(answer.text, '{"error":"Settings not found"}');
  });

  it('destroys the socket', async () => {
    ctx.server.setFault({ destroy: true, times: 1 });
    await assert.rejects(get(ctx.url, '/api/settings'));
    assert.equal(ctx.server.requests[0].status, 0);
    assert.equal((await get(ctx.url, '/api/settings')).status, 404);
  });

  it('redirects every /api request to another base URL, its path and query kept, methods and bodies alike', async () => {
    ctx.server.setFault({ status: 308, redirectTo: 'http://127.0.0.2:9/moved', pathPrefix: '/api' });
    for (const [method, path] of [['GET', '/api/settings?x=1'], ['POST', '/api/settings'], ['POST', '/api/conversations']]) {
      const answer = await fetch(ctx.url + path, { method, body: method === 'POST' ? '{}' : undefined, redirect: 'manual' });
      assert.equal(answer.status, 308);
      assert.equal(answer.headers.get('location'), `http://127.0.0.2:9/moved${path}`);
    }
    assert.equal((await get(ctx.url, '/alive')).status, 200, 'outside the pathPrefix');
    assert.deepEqual(ctx.server.requests.map((r) => r.status), [308, 308, 308]);
  });

  it('is forgotten by reset', async () => {
    ctx.server.setFault({ status: 500 });
    ctx.server.reset();
    assert.equal((await get(ctx.url, '/api/settings')).status, 404);
  });
});

describe('request recording', () => {
  const ctx = serve({ api: 'v0', controlApi: true });

  it('records every /api request in order with headers, raw body and status', async () => {
    await post(ctx.url, '/api/settings', '{"language":"en"}', { 'X-Custom': 'yes' });
    await get(ctx.url, '/api/settings?x=1');
    await get(ctx.url, '/elsewhere');
    await call(ctx.url, 'GET', '/_test/requests');
    const [first, second, ...rest] = ctx.server.requests;
    assert.equal(rest.length, 0);
    assert.equal(first.method, 'POST');
    assert.equal(first.path, '/api/settings');
    assert.equal(first.body, '{"language":"en"}');
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-custom'], 'yes');
    assert.equal(first.headers['content-type'], 'application/json');
    assert.equal(typeof first.time, 'number');
    assert.equal(second.path, '/api/settings?x=1');
    assert.equal(second.status, 200);
    assert.ok(second.time >= first.time);
  });

  it('reset forgets requests, settings, tokens and conversations', async () => {
    await post(ctx.url, '/api/settings', '{"llm_api_key":"k"}');
    ctx.server.seedProviderTokens({ github: { token: 't' } });
    ctx.server.reset();
    assert.deepEqual(ctx.server.requests, []);
    assert.equal(ctx.server.storedSettings(), null);
    await post(ctx.url, '/api/settings', '{"llm_api_key":"k"}');
    assert.equal((await post(ctx.url, '/api/conversations', '{"repository":"o/r"}')).status, 500);
  });
});

describe('control routes', () => {
  const ctx = serve({ api: 'v0', controlApi: true, sessionApiKey: 'sekret' });
  const control = async (method: string, route: string, body?: unknown) => {
    const answer = await call(ctx.url, method, `/_test/${route}`, body === undefined ? {} : { body: JSON.stringify(body) });
    assert.equal(answer.status, 200, `${method} ${route}: ${answer.text}`);
    return JSON.parse(answer.text) as unknown;
  };
  const KEY = { 'X-Session-API-Key': 'sekret' };

  it('need no key and are not recorded', async () => {
    assert.deepEqual(await control('GET', 'requests'), []);
    assert.equal(await control('GET', 'stored-settings'), null);
    assert.deepEqual(ctx.server.requests, []);
  });

  it('list and clear the recorded requests', async () => {
    await get(ctx.url, '/api/settings', KEY);
    const listed = (await control('GET', 'requests')) as { path: string; status: number }[];
    assert.deepEqual(
      listed.map((r) => [r.path, r.status]),
      [['/api/settings', 404]],
    );
    await control('DELETE', 'requests');
    assert.deepEqual(await control('GET', 'requests'), []);
  });

  it('seed provider tokens, show stored settings, set a fault and reset', async () => {
    await control('POST', 'provider-tokens', { github: { token: 'ghp', host: 'github.example' } });
    await post(ctx.url, '/api/settings', '{"llm_api_key":"k"}', KEY);
    assert.equal((await get(ctx.url, '/api/settings', KEY)).text, settingsBody({ provider_tokens_set: { github: 'github.example' }, llm_api_key_set: true }));
    assert.equal(((await control('GET', 'stored-settings')) as { llm_api_key: string }).llm_api_key, 'k');

    await control('POST', 'fault', { status: 418, body: '"teapot"', times: 1 });
    assert.equal((await get(ctx.url, '/api/settings', KEY)).status, 418);
    await control('POST', 'fault', { status: 418 });
    await control('POST', 'fault', { status: 307, redirectTo: 'http://127.0.0.2:9' });
    const moved = await fetch(`${ctx.url}/api/settings`, { headers: KEY, redirect: 'manual' });
    assert.deepEqual([moved.status, moved.headers.get('location')], [307, 'http://127.0.0.2:9/api/settings']);
    await control('POST', 'fault', null);
    assert.equal((await get(ctx.url, '/api/settings', KEY)).status, 200);

    await control('POST', 'reset');
    assert.equal(await control('GET', 'stored-settings'), null);
    assert.equal((await get(ctx.url, '/api/settings', KEY)).status, 404);
  });

  it('answer 404 for an unknown control route and 400 for bad JSON', async () => {
    assert.equal((await call(ctx.url, 'GET', '/_test/nothing')).status, 404);
    assert.equal((await call(ctx.url, 'POST', '/_test/fault', { body: '{' })).status, 400);
  });

  describe('when controlApi is off', () => {
    const plain = serve({ api: 'v0' });
    it('/_test/* is an unknown route', async () => {
      const answer = await call(plain.url, 'GET', '/_test/requests');
      assert.equal(answer.status, 404);
      assert.equal(answer.text, '{"detail":"Not Found"}');
    });
  });
});

describe('state file', () => {
  it('keeps settings and provider tokens across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    const stateFile = join(dir, 'state.json');
    try {
      const first = await startContractServer({ api: 'v0', stateFile });
      await post(first.url, '/api/settings', '{"llm_api_key":"k","max_iterations":"123456789012345678901234567890","max_budget_per_task":2}');
      first.seedProviderTokens({ gitlab: { token: 'glpat', host: 'gl.example', repositories: ['g/r'] } });
      const before = (await get(first.url, '/api/settings')).text;
      await first.close();

      const second = await startContractServer({ api: 'v0', stateFile });
      assert.equal((await get(second.url, '/api/settings')).text, before);
      assert.match(before, /"max_iterations":123456789012345678901234567890,.*"max_budget_per_task":2\.0,.*"provider_tokens_set":\{"gitlab":"gl\.example"\}/);
      assert.equal((await post(second.url, '/api/conversations', '{"repository":"x/y"}')).status, 400);
      second.reset();
      await second.close();

      const third = await startContractServer({ api: 'v0', stateFile });
      assert.equal((await get(third.url, '/api/settings')).status, 404);
      await third.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('close', () => {
  it('returns promptly while a delayed request is pending, and frees the port', async () => {
    const server = await startContractServer({ api: 'v0' });
    server.setFault({ delayMs: 60_000 });
    const pending = get(server.url, '/api/settings').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await server.close();
    assert.ok(Date.now() - started < 1000);
    assert.ok((await pending) instanceof Error);
    await assert.rejects(fetch(`${server.url}/api/settings`));
  });

  it('listens on the given host and port, url without a trailing slash', async () => {
    const probe = await startContractServer({ api: 'v0' });
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const server = await startContractServer({ api: 'v0', host: '127.0.0.1', port });
    try {
      assert.equal(server.url, `http://127.0.0.1:${port}`);
    } finally {
      await server.close();
    }
  });
});
