// The CORS layer (LocalhostCORSMiddleware): answers as the real 0.54.0 gave them (OBSERVED.md §7, #120-#123).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, get, post, serve } from '../support/standin/testClient';

const KEY = 'sekret';
const METHODS = 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT';

const preflight = (url: string, path: string, origin: string, method = 'POST', requestHeaders?: string) =>
  call(url, 'OPTIONS', path, {
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      ...(requestHeaders === undefined ? {} : { 'Access-Control-Request-Headers': requestHeaders }),
    },
  });

describe('CORS preflight', () => {
  const ctx = serve({ api: 'v0', sessionApiKey: KEY });

  it('a localhost origin: 200 OK, origin and requested headers echoed, no key needed, no-cache headers', async () => {
    const answer = await preflight(ctx.url, '/api/settings', 'http://localhost:5173', 'POST', 'content-type,x-session-api-key');
    assert.equal(answer.status, 200);
    assert.equal(answer.text, 'OK');
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
    assert.equal(answer.headers.get('access-control-allow-methods'), METHODS);
    assert.equal(answer.headers.get('access-control-allow-headers'), 'content-type,x-session-api-key');
    assert.equal(answer.headers.get('access-control-max-age'), '600');
    assert.equal(answer.headers.get('vary'), 'Origin');
    assert.equal(answer.headers.get('cache-control'), 'no-cache, no-store, must-revalidate, max-age=0');
  });

  it('is answered before routing: any path, any port of 127.0.0.1, no Allow-Headers when none were asked', async () => {
    const answer = await preflight(ctx.url, '/api/nope', 'http://127.0.0.1:9', 'PUT');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), 'http://127.0.0.1:9');
    assert.equal(answer.headers.get('access-control-allow-headers'), null);
    assert.equal(ctx.server.requests[0]?.status, 200);
  });

  it('another origin: 400 "Disallowed CORS origin", without Allow-Origin', async () => {
    const answer = await preflight(ctx.url, '/api/settings', 'vscode-webview://abc');
    assert.equal(answer.status, 400);
    assert.equal(answer.text, 'Disallowed CORS origin');
    assert.equal(answer.headers.get('access-control-allow-origin'), null);
    assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
  });

  it('a method outside the list (case counts): "method", after "origin"', async () => {
    const lower = await preflight(ctx.url, '/api/settings', 'http://LOCALHOST:1', 'get');
    assert.equal(lower.status, 400);
    assert.equal(lower.text, 'Disallowed CORS method');
    assert.equal(lower.headers.get('access-control-allow-origin'), 'http://LOCALHOST:1');
    assert.equal((await preflight(ctx.url, '/api/settings', 'https://e.com', 'FOO')).text, 'Disallowed CORS origin, method');
  });

  it('OPTIONS without Access-Control-Request-Method is routed: 405', async () => {
    const answer = await call(ctx.url, 'OPTIONS', '/api/settings', { headers: { Origin: 'http://localhost' } });
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get('allow'), 'GET');
    assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost');
  });
});

describe('CORS on other answers', () => {
  const ctx = serve({ api: 'v0', sessionApiKey: KEY, rateLimit: true });
  const withOrigin = (origin: string, key = KEY) => ({ Origin: origin, 'X-Session-API-Key': key });

  it('an allowed origin is echoed with credentials and Vary: Origin, on 200, 401, 404, 405 and 307 alike', async () => {
    for (const answer of [
      await get(ctx.url, '/api/settings', withOrigin('http://127.0.0.1:9')),
      await get(ctx.url, '/api/settings', withOrigin('http://127.0.0.1:9', 'wrong')),
      await get(ctx.url, '/api/nope', withOrigin('http://127.0.0.1:9')),
      await call(ctx.url, 'PUT', '/api/settings', { headers: withOrigin('http://127.0.0.1:9') }),
      await fetch(`${ctx.url}/alive/`, { headers: withOrigin('http://127.0.0.1:9'), redirect: 'manual' }),
    ]) {
      assert.equal(answer.headers.get('access-control-allow-origin'), 'http://127.0.0.1:9', String(answer.status));
      assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(answer.headers.get('vary'), 'Origin');
    }
  });

  it('which origins count as local: urlparse(origin).hostname is localhost or 127.0.0.1', async () => {
    const allowed = async (origin: string) => (await get(ctx.url, '/alive', { Origin: origin })).headers.get('access-control-allow-origin') === origin;
    assert.ok(await allowed('http://user@127.0.0.1:5'));
    assert.ok(await allowed('https://LocalHost'));
    assert.ok(!(await allowed('http://localhost.evil.com')));
    assert.ok(!(await allowed('localhost:3000'))); // "localhost" is the scheme here
    assert.ok(!(await allowed('http://[::1]:3000')));
  });

  it('another origin gets only Allow-Credentials; the body is served', async () => {
    const answer = await get(ctx.url, '/alive', { Origin: 'https://example.com' });
    assert.equal(answer.text, '{"status":"ok"}');
    assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
    assert.equal(answer.headers.get('access-control-allow-origin'), null);
    assert.equal(answer.headers.get('vary'), null);
  });

  it('an origin urlparse refuses is an unhandled 500, preflight or not', async () => {
    for (const answer of [await get(ctx.url, '/alive', { Origin: 'http://[x' }), await preflight(ctx.url, '/alive', 'http://[x')]) {
      assert.equal(answer.status, 500);
      assert.equal(answer.text, 'Internal Server Error');
      assert.equal(answer.headers.get('access-control-allow-credentials'), null);
    }
  });

  it('the crash 500 and the 429 come from outside the CORS layer: no CORS headers', async () => {
    const crash = await post(ctx.url, '/api/settings', '{"mcp_config":{"sse_servers":null}}', withOrigin('http://localhost'));
    assert.equal(crash.status, 500);
    assert.equal(crash.headers.get('access-control-allow-credentials'), null);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const burst = await Promise.all(Array.from({ length: 21 }, () => get(ctx.url, '/alive', { Origin: 'http://localhost' })));
    const refused = burst.filter((a) => a.status === 429);
    assert.equal(refused.length, 1);
    assert.equal(refused[0].headers.get('access-control-allow-credentials'), null);
    assert.equal(refused[0].headers.get('access-control-allow-origin'), null);
  });
});
