// HTTP around the routes (OBSERVED.md §7, §8): wrong method, trailing slash, CORS, and the rate limiter.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertInternalError, assertJson, TOO_MANY_REQUESTS } from './expected';
import { type Answer, type Client, send } from './target';

export function httpSuite(client: Client): void {
  describe('HTTP', () => {
    it('PUT /api/settings: 405 {"detail":"Method Not Allowed"}, allow: GET', async () => {
      const answer = await client.request('PUT', '/api/settings', { body: '{}' });
      assertJson(answer, 405, '{"detail":"Method Not Allowed"}');
      assert.equal(answer.headers.get('allow'), 'GET');
    });

    it('a trailing slash: 307 to the absolute URL without it', async () => {
      for (const [method, path] of [['GET', '/api/settings'], ['POST', '/api/conversations']]) {
        const answer = await client.request(method, `${path}/`, method === 'POST' ? { body: '{}' } : {});
        assert.equal(answer.status, 307, `${method} ${path}/`);
        assert.equal(answer.headers.get('location'), client.target.baseUrl + path);
        assert.equal(answer.text, '');
      }
    });

    it('CORS: a localhost origin is allowed, with credentials', async () => {
      const answer = await client.request('OPTIONS', '/api/settings', {
        key: null,
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-session-api-key',
        },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.text, 'OK');
      assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost:5173');
      assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(answer.headers.get('access-control-allow-headers'), 'content-type,x-session-api-key');
      assert.equal(answer.headers.get('access-control-allow-methods'), 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT');
      assert.equal(answer.headers.get('access-control-max-age'), '600');
    });

    it('CORS: a vscode-webview origin is refused: 400 "Disallowed CORS origin"', async () => {
      const answer = await client.request('OPTIONS', '/api/settings', {
        key: null,
        headers: { Origin: 'vscode-webview://abc', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.text, 'Disallowed CORS origin');
      assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
    });

    it('CORS: a method outside the list (case counts) is refused after the origin', async () => {
      const preflight = (origin: string, method: string) =>
        client.request('OPTIONS', '/api/nope', { key: null, headers: { Origin: origin, 'Access-Control-Request-Method': method } });
      const lower = await preflight('http://127.0.0.1:1', 'get');
      assert.equal(lower.status, 400);
      assert.equal(lower.text, 'Disallowed CORS method');
      assert.equal(lower.headers.get('access-control-allow-origin'), 'http://127.0.0.1:1');
      assert.equal((await preflight('https://example.com', 'FOO')).text, 'Disallowed CORS origin, method');
    });

    it('CORS on a routed answer: a local origin echoed with credentials and Vary, on 200, 401, 404 and 422 alike', async () => {
      const headers = { Origin: 'http://127.0.0.1:9' };
      const answers = [
        await client.get('/api/settings', { headers }),
        await client.get('/api/settings', { key: 'wrong-key', headers }), // 401 where the server checks a key
        await client.get('/api/nope', { headers }),
        await client.post('/api/settings', '{"language":5}', { headers }),
      ];
      assert.deepEqual(answers.map((a) => a.status), [200, client.target.apiKey === undefined ? 200 : 401, 404, 422]);
      for (const answer of answers) {
        assert.equal(answer.headers.get('access-control-allow-origin'), headers.Origin, `${answer.status}`);
        assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
        assert.equal(answer.headers.get('vary'), 'Origin');
      }
    });

    it('CORS on a routed answer: another origin gets the body and only Allow-Credentials', async () => {
      const answer = await client.get('/alive', { headers: { Origin: 'https://example.com' } });
      assertJson(answer, 200, '{"status":"ok"}');
      assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.equal(answer.headers.get('vary'), null);
    });

    it('OPTIONS that is not a preflight is routed: 405 with allow and CORS headers', async () => {
      const answer = await client.request('OPTIONS', '/api/settings', { key: null, headers: { Origin: 'http://localhost' } });
      assertJson(answer, 405, '{"detail":"Method Not Allowed"}');
      assert.equal(answer.headers.get('allow'), 'GET');
      assert.equal(answer.headers.get('access-control-allow-origin'), 'http://localhost');
    });

    it('the crash 500 has no CORS headers either', async () => {
      const answer = await client.post('/api/settings', '{"mcp_config":{"sse_servers":null}}', { headers: { Origin: 'http://localhost' } });
      assertInternalError(answer);
      assert.equal(answer.headers.get('access-control-allow-credentials'), null);
    });

    it('/alive and /health: GET only (405 allow: GET), a trailing slash redirects', async () => {
      const posted = await client.post('/alive', '{}', { key: null });
      assertJson(posted, 405, '{"detail":"Method Not Allowed"}');
      assert.equal(posted.headers.get('allow'), 'GET');
      const slash = await client.get('/health/', { key: null });
      assert.equal(slash.status, 307);
      assert.equal(slash.headers.get('location'), `${client.target.baseUrl}/health`);
    });
  });
}

export function rateLimitSuite(client: Client): void {
  describe('rate limit: 10 requests a second per client, then 1 s late, beyond 20 refused', { skip: !client.target.rateLimited && 'the server has no rate limiter' }, () => {
    it('25 at once: 10 prompt, 10 about 1 s late, 5 refused with 429 {"message":"Too many requests"}, no CORS or cache headers', async () => {
      await client.settle();
      const origin = { Origin: 'http://localhost:5173' };
      const answers = await Promise.all(Array.from({ length: 25 }, () => send(client.target, 'GET', '/alive', { headers: origin })));
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 429);
      assert.equal(ok.length, 20, summary(answers));
      assert.equal(refused.length, 5, summary(answers));
      // The 10 held back wait a second on top of the time every answer takes; on a busy machine the prompt ones
      // can take most of a second too, so the check is that 10 are late and that they are a second behind the rest.
      const okMs = ok.map((a) => a.ms).sort((a, b) => a - b);
      assert.ok(okMs.slice(10).every((ms) => ms >= 900), summary(answers));
      assert.ok(median(okMs.slice(10)) - median(okMs.slice(0, 10)) >= 700, summary(answers));
      for (const answer of refused) {
        assert.equal(answer.text, TOO_MANY_REQUESTS);
        assert.equal(answer.headers.get('retry-after'), '1');
        assert.equal(answer.headers.get('content-type'), 'application/json');
        assert.equal(answer.headers.get('cache-control'), null);
        assert.equal(answer.headers.get('access-control-allow-origin'), null); // the limiter is outside the CORS layer
      }
      for (const answer of ok) assert.equal(answer.headers.get('access-control-allow-origin'), origin.Origin);
      await client.settle();
    });

    it('one after another: never refused, the 11th within a second is 1 s late', async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 11; i++) answers.push(await send(client.target, 'GET', '/alive'));
      assert.ok(answers.every((a) => a.status === 200), summary(answers));
      assert.ok(answers.slice(0, 10).every((a) => a.ms < 900), summary(answers));
      // The window slides: the 11th is held back only while the first 10 are less than a second old. On a busy
      // machine the 10 round trips can take longer than that, and then the 11th passes at once, rightly.
      const firstAge = answers[10].sentAt - answers[0].sentAt;
      if (firstAge < 800) assert.ok(answers[10].ms >= 900, summary(answers));
      if (firstAge > 1100) assert.ok(answers[10].ms < 900, summary(answers));
      await client.settle();
      assertJson(await client.get('/alive'), 200, '{"status":"ok"}');
    });
  });
}

const median = (sorted: readonly number[]): number => sorted[Math.floor(sorted.length / 2)];
const summary = (answers: Answer[]): string => answers.map((a) => `${a.status}/${a.ms}ms`).join(' ');
