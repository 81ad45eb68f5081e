// Which API a server speaks, from its /openapi.json or, without one, from its settings routes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as http from 'node:http';
import { after, describe, it } from 'node:test';
import { detectServerApi } from '../../../src/api/detect';
import { UnsupportedServerError } from '../../../src/api/detectErrors';
import { Transport } from '../../../src/api/http/transport';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';
import { sessionCredential } from '../../../src/api/http/credential';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

type Routes = Record<string, { status: number; body: unknown; html?: boolean; location?: string }>;

async function serverWith(routes: Routes): Promise<Transport> {
  const server = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const route = routes[req.url ?? ''] ?? { status: 404, body: { detail: 'Not Found' } };
    res.writeHead(route.status, { 'content-type': route.html ? 'text/html' : 'application/json', ...(route.location ? { location: route.location } : {}) });
    res.end(route.html ? String(route.body) : JSON.stringify(route.body));
  });
  servers.push(server);
  return new Transport({ baseUrl: server.url, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 });
}

const spec = (version: string, ...paths: string[]) => ({ status: 200, body: { info: { version }, paths: Object.fromEntries(paths.map((p) => [p, {}])) } });

describe('detectServerApi', () => {
  it('0.54: V0 settings and conversations', async () => {
    const api = await detectServerApi(await serverWith({ '/openapi.json': spec('0.54.0', '/api/settings', '/api/conversations') }));
    assert.deepEqual(api, { version: '0.54.0', settings: 'v0', conversations: 'v0', sendsMessages: false, webUi: false, providerTokens: null, changes: null, fileText: false });
  });

  it('1.6: V0 settings beside V1 conversations (V1 wins where both are listed)', async () => {
    const api = await detectServerApi(await serverWith({
      '/openapi.json': spec('1.6.0', '/api/settings', '/api/conversations', '/api/v1/app-conversations'),
    }));
    assert.deepEqual(api, { version: '1.6.0', settings: 'v0', conversations: 'v1', sendsMessages: false, webUi: false, providerTokens: null, changes: null, fileText: false });
  });

  it('the changes routes that serve the conversations of each line, from the recorded documents', async () => {
    const recorded = (name: string) => JSON.parse(readFileSync(path.join(__dirname, '../../../../test/support/fixtures/openhands/recorded', name), 'utf8')) as unknown;
    const lines = await Promise.all(['0.54.0', '1.6.0', '1.11.0'].map(async (version) => {
      const api = await detectServerApi(await serverWith({ '/openapi.json': { status: 200, body: recorded(`openapi-${version}.json`) } }));
      return [version, api.changes, api.fileText];
    }));
    assert.deepEqual(lines, [['0.54.0', 'v0', false], ['1.6.0', null, true], ['1.11.0', 'v1', true]]);
  });

  it('1.11: V1 only', async () => {
    const api = await detectServerApi(await serverWith({ '/openapi.json': spec('1.11.0', '/api/v1/settings', '/api/v1/app-conversations') }));
    assert.deepEqual(api, { version: '1.11.0', settings: 'v1', conversations: 'v1', sendsMessages: false, webUi: false, providerTokens: null, changes: null, fileText: false });
  });

  it('follow-up messages where the server lists send-message (1.11.0), judged by the route, not the version', async () => {
    const api = await detectServerApi(await serverWith({
      '/openapi.json': spec('1.11.0', '/api/v1/settings', '/api/v1/app-conversations', '/api/v1/app-conversations/{conversation_id}/send-message'),
    }));
    assert.equal(api.sendsMessages, true);
  });

  it('where a client stores a provider token: the route the server lists (1.6.0 V0\'s beside V1 conversations), none where it lists neither', async () => {
    const mixed = await detectServerApi(await serverWith({
      '/openapi.json': spec('1.6.0', '/api/settings', '/api/conversations', '/api/v1/app-conversations', '/api/add-git-providers'),
    }));
    assert.equal(mixed.providerTokens, 'v0');
    const v1 = await detectServerApi(await serverWith({ '/openapi.json': spec('1.11.0', '/api/v1/settings', '/api/v1/app-conversations', '/api/v1/secrets/git-providers') }));
    assert.equal(v1.providerTokens, 'v1');
  });

  it('an openapi.json without either API: not a server this extension speaks to, naming its version', async () => {
    const transport = await serverWith({ '/openapi.json': spec('9.9.9', '/api/other') });
    await assert.rejects(detectServerApi(transport), (e: unknown) => e instanceof UnsupportedServerError && e.version === '9.9.9');
  });

  it('HTML at 200 for openapi.json: the settings routes decide (a refused key counts as the route being there)', async () => {
    const api = await detectServerApi(await serverWith({
      '/openapi.json': { status: 200, body: '<html>app</html>', html: true },
      '/api/v1/settings': { status: 401, body: { detail: 'Unauthorized' } },
    }));
    assert.deepEqual(api, { version: undefined, settings: 'v1', conversations: 'v1', webUi: false });
  });

  it('no openapi.json: a V0 server known by its "no settings yet" answer', async () => {
    const api = await detectServerApi(await serverWith({ '/api/settings': { status: 404, body: { error: 'Settings not found' } } }));
    assert.deepEqual(api, { version: undefined, settings: 'v0', conversations: 'v0', webUi: false });
  });

  it('HTML everywhere (a web page at the URL): UnsupportedServerError', async () => {
    const page = { status: 200, body: '<html></html>', html: true };
    const transport = await serverWith({ '/openapi.json': page, '/api/v1/settings': page, '/api/settings': page });
    await assert.rejects(detectServerApi(transport), UnsupportedServerError);
  });
});

describe('detectServerApi: whether the server serves its web UI', () => {
  const v1 = spec('1.11.0', '/api/v1/settings', '/api/v1/app-conversations');

  it('GET / an HTML page (the web UI, as the Docker image and OpenHands Cloud serve it): webUi', async () => {
    const page = { status: 200, body: '<!DOCTYPE html>\n<html lang="en"><head><title>OpenHands</title></head></html>', html: true };
    assert.equal((await detectServerApi(await serverWith({ '/openapi.json': v1, '/': page }))).webUi, true);
  });

  it('GET / 404 {"detail":"Not Found"} (PyPI openhands-ai, SERVE_FRONTEND=false): no web UI', async () => {
    assert.equal((await detectServerApi(await serverWith({ '/openapi.json': v1 }))).webUi, false);
  });

  it('GET / answering 200 with text that is no page, or JSON: no web UI', async () => {
    for (const root of [{ status: 200, body: 'OK', html: true }, { status: 200, body: { status: 'ok' } }]) {
      assert.equal((await detectServerApi(await serverWith({ '/openapi.json': v1, '/': root }))).webUi, false);
    }
  });

  it('GET / redirected to another origin (a sign-in page): webUi, and the redirect is not followed', async () => {
    const signIn = { status: 302, body: '', location: 'https://login.example.invalid/' };
    assert.equal((await detectServerApi(await serverWith({ '/openapi.json': v1, '/': signIn }))).webUi, true);
  });
});

describe('detectServerApi with an openapi.json too large to read', () => {
  it('falls back to the settings routes', async () => {
    const huge = { status: 200, body: { paths: {}, padding: 'x'.repeat(1100 * 1024) } };
    const api = await detectServerApi(await serverWith({ '/openapi.json': huge, '/api/v1/settings': { status: 404, body: { error: 'Settings not found' } } }));
    assert.deepEqual(api, { version: undefined, settings: 'v1', conversations: 'v1', webUi: false });
  });
});
