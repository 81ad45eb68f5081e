// Redirects, with two kinds of loopback listener: the server (127.0.0.1) that answers 3xx, and listeners at
// another origin (127.0.0.2, another port, https) that must receive nothing, not even a connection: no key
// header, no body. Within the server's origin, redirects are followed as fetch would, up to MAX_REDIRECTS.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { RedirectError, type RedirectProblem } from '../../../src/api/http/transportErrors';
import { MAX_REDIRECTS, Transport, type FetchFunction } from '../../../src/api/http/transport';
import { startLoopbackServer, type LoopbackOptions, type LoopbackServer } from '../../support/loopbackServer';
import { useTestCertificates } from '../../support/testCertificates';
import { sessionCredential } from '../../../src/api/http/credential';

const KEY = 'k-redirect-secret-1234';
const BODY = { llm_api_key: 'sk-body-secret-5678' };
const CODES = [301, 302, 303, 307, 308];
const servers: LoopbackServer[] = [];
const tls = useTestCertificates();
after(() => Promise.all(servers.map((s) => s.close())));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void, options?: LoopbackOptions) {
  const server = await startLoopbackServer(handler, options);
  servers.push(server);
  return server;
}

/** A listener that records whatever reaches it, and answers 200 so a leak would look like success. */
const listener = (options?: LoopbackOptions) => serve((_req, res) => res.end('{"ok":true}'), options);

/** A server answering every request with `status` to `location`, which may depend on the request. */
const redirecting = (status: number, location: (req: IncomingMessage) => string, options?: LoopbackOptions) =>
  serve((req, res) => { res.writeHead(status, { location: location(req) }); res.end(); }, options);

function transport(baseUrl: string, fetch = undiciFetch as unknown as FetchFunction): Transport {
  return new Transport({ baseUrl, fetch, getCredential: async () => sessionCredential(KEY), timeoutMs: 5000, backoffMs: 10 });
}

const isRedirect = (status: number, problem: RedirectProblem, target?: string) => (e: unknown) =>
  e instanceof RedirectError && e.kind === 'redirected' && e.status === status && e.problem === problem && (target === undefined || e.target === target);

describe('Transport and redirects to another origin', () => {
  const targets: Array<[string, () => Promise<{ url: string; received: () => number }>]> = [
    ['another host (127.0.0.2)', async () => { const l = await listener({ host: '127.0.0.2' }); return { url: l.url, received: l.connections }; }],
    ['another port', async () => { const l = await listener(); return { url: l.url, received: l.connections }; }],
    ['another scheme (https)', async () => { const l = await listener({ tls: tls.certs.good }); return { url: l.url, received: l.connections }; }],
  ];
  for (const [where, start] of targets) {
    for (const status of CODES) {
      it(`${status} to ${where}: a RedirectError naming the target, nothing sent there (GET and POST)`, async () => {
        const other = await start();
        const server = await redirecting(status, (req) => `${other.url}${req.url}`);
        const client = transport(server.url, tls.fetchTrustingCa);
        await assert.rejects(client.send('GET', '/api/settings', undefined), isRedirect(status, 'other_origin', `${other.url}/api/settings`));
        await assert.rejects(client.send('POST', '/api/settings', BODY), (e: unknown) => e instanceof RedirectError && e.movedTo === other.url);
        assert.equal(other.received(), 0, 'a connection reached the other origin');
        assert.equal(server.hits.length, 2, 'a redirect was not a failure of its own (no retry)');
      });
    }
  }

  it('the same host on https where the server speaks http: refused, no second connection to the server', async () => {
    let port = 0;
    const server = await redirecting(307, (req) => `https://127.0.0.1:${port}${req.url}`);
    port = Number(new URL(server.url).port);
    await assert.rejects(transport(server.url).send('POST', '/api/settings', BODY), isRedirect(307, 'other_origin'));
    assert.equal(server.connections(), 1);
  });

  it('names the target by origin and path only: no user info, query or fragment in the message', async () => {
    const other = await listener({ host: '127.0.0.2' });
    const secretish = `${other.url.replace('://', '://user:pw-9911@')}/base/api/settings?token=q-7733#frag-5522`;
    const server = await redirecting(302, () => secretish);
    const error = await transport(server.url).send('GET', '/api/settings', undefined).catch((e: unknown) => e);
    assert.ok(error instanceof RedirectError);
    assert.equal(error.target, `${other.url}/base/api/settings`);
    assert.equal(error.movedTo, `${other.url}/base`, 'the base path the redirect implies');
    for (const hidden of ['pw-9911', 'q-7733', 'frag-5522', KEY]) assert.ok(!error.message.includes(hidden), `the message holds ${hidden}`);
    assert.match(error.message, /Nothing was sent there/);
    assert.equal(other.connections(), 0);
  });

  it('a redirect that drops the API path (a login page) offers no new URL', async () => {
    const other = await listener({ host: '127.0.0.2' });
    const server = await redirecting(302, () => `${other.url}/login?next=%2Fapi%2Fsettings`);
    await assert.rejects(transport(server.url).send('GET', '/api/settings', undefined),
      (e: unknown) => e instanceof RedirectError && e.movedTo === undefined && /not look like the same API/.test(e.message));
  });

  it('https to http is refused outright, even to the same host', async () => {
    const plain = await listener();
    for (const status of CODES) {
      const server = await redirecting(status, (req) => `${plain.url}${req.url}`, { tls: tls.certs.good });
      await assert.rejects(transport(server.url, tls.fetchTrustingCa).send('POST', '/api/settings', BODY), (e: unknown) =>
        isRedirect(status, 'downgrade')(e) && (e as RedirectError).movedTo === undefined && /plain http\. Refused/.test((e as Error).message));
    }
    assert.equal(plain.connections(), 0);
  });
});

describe('Transport and redirects within the server', () => {
  /** A server whose /api/old redirects with `status` to /api/new, which answers with what it got. */
  const movedPath = (status: number) => serve((req, res) => {
    if (req.url === '/api/old') { res.writeHead(status, { location: '/api/new' }); res.end(); return; }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), key: req.headers['x-session-api-key'] ?? null, type: req.headers['content-type'] ?? null })));
  });

  it('follows each code as fetch does: 307/308 repeat the POST with its body, 303 and 301/302 after a POST become a GET without it', async () => {
    const expected: Record<number, string> = { 301: 'GET', 302: 'GET', 303: 'GET', 307: 'POST', 308: 'POST' };
    for (const status of CODES) {
      const server = await movedPath(status);
      const answer = await transport(server.url).send('POST', '/api/old', BODY);
      const got = answer.body as { method: string; body: string; key: string | null; type: string | null };
      assert.equal(got.method, expected[status], `${status}`);
      assert.equal(got.body, got.method === 'POST' ? JSON.stringify(BODY) : '', `${status}`);
      assert.equal(got.type, got.method === 'POST' ? 'application/json' : null, `${status}`);
      assert.equal(got.key, KEY, `${status}: the key goes along within the same origin`);
      const read = await transport(server.url).send('GET', '/api/old', undefined);
      assert.equal((read.body as { method: string }).method, 'GET');
    }
  });

  it(`stops a loop after ${MAX_REDIRECTS} redirects with a RedirectError`, async () => {
    const server = await redirecting(307, (req) => req.url ?? '/');
    await assert.rejects(transport(server.url).send('GET', '/api/settings', undefined), isRedirect(307, 'too_many'));
    assert.equal(server.hits.length, MAX_REDIRECTS + 1);
  });
});
