// HTTP around the routes (OBSERVED.md §7, §8): wrong method, trailing slash, CORS, and the rate limiter.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertInternalError, assertJson, TOO_MANY_REQUESTS } from './expected';
import { type Answer, type Client, ownSource, send } from './target';

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
      const from = ownSource(client.target, 2);
      const answers = await Promise.all(Array.from({ length: 25 }, () => send(client.target, 'GET', '/alive', { headers: origin, from })));
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 429);
      assert.equal(ok.length + refused.length, 25, summary(answers));
      // The limiter counts arrivals within a second of each other: the 11th to 20th are held back 1 s, any more
      // refused. These hold however the 25 arrived: at most 5 refused, and a refusal means 10 were held back.
      const heldBack = ok.filter((a) => a.ms >= LATE_MS).length;
      assert.ok(refused.length <= 5, summary(answers));
      if (refused.length > 0) assert.ok(heldBack >= 10, summary(answers));
      // Where the server took them in at once (the 15 quickest answered within half a second), all 25 arrived within
      // the second: exactly 10 held back and 5 refused. A busy server can take longer than a second to take them
      // in, and then fewer are held back or refused, rightly.
      const quickest = answers.map((a) => a.ms).sort((a, b) => a - b).slice(0, 15);
      if (quickest.every((ms) => ms < 500)) {
        assert.equal(refused.length, 5, summary(answers));
        assert.equal(heldBack, 10, summary(answers));
      }
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

    it('one after another: never refused; a request is 1 s late exactly when 10 more came in the second before it', async () => {
      const from = ownSource(client.target, 3);
      const answers: Answer[] = [];
      for (let i = 0; i < 12; i++) answers.push(await send(client.target, 'GET', '/alive', { from }));
      assert.ok(answers.every((a) => a.status === 200), summary(answers));
      // Judged by the limiter's rule on when each request arrived, not by its index: on a busy machine the 10 round
      // trips can take longer than a second, and then the 11th passes at once, rightly.
      answers.forEach((answer, i) => {
        const verdict = ruleVerdict(answers, i);
        const late = answer.ms >= LATE_MS;
        if (verdict !== 'either') assert.equal(late ? 'late' : 'prompt', verdict, `request ${i + 1}: ${summary(answers)}`);
      });
      await client.settle();
      assertJson(await client.get('/alive'), 200, '{"status":"ok"}');
    });
  });
}

/** A late answer waited the limiter's asyncio.sleep(1): 1000 ms, less the rounding of two Date.now() readings. */
const LATE_MS = 990;

/**
 * What InMemoryRateLimiter(requests=10, seconds=1) decides for request i of requests sent one after another from
 * one client host whose window was empty: each request is recorded when it arrives, and one is held back 1 s when
 * more than 10 arrived within the second up to it (itself included). The suite knows only when each was sent and
 * answered, so an arrival is somewhere between the two (before the second's wait for a late one): 'either' when the
 * rule's answer depends on where.
 */
function ruleVerdict(answers: readonly Answer[], i: number): 'late' | 'prompt' | 'either' {
  const arrival = answers.map((a) => ({ earliest: a.sentAt, latest: a.sentAt + Math.max(0, a.ms >= LATE_MS ? a.ms - 1000 : a.ms) }));
  const earlier = arrival.slice(0, i + 1);
  const surelyWithin = earlier.filter((a) => arrival[i].latest - a.earliest < 1000).length;
  const maybeWithin = earlier.filter((a) => arrival[i].earliest - a.latest < 1000).length;
  if (surelyWithin > 10) return 'late';
  return maybeWithin > 10 ? 'either' : 'prompt';
}

const summary = (answers: Answer[]): string => answers.map((a) => `${a.status}/${a.ms}ms`).join(' ');
