// An OpenHands Agent Server is a line of its own: told by its /server_info, not read as V0 because it also answers
// GET /api/conversations; named "OpenHands Agent Server <version>".
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, describe, it } from 'node:test';
import { detectServerApi } from '../../../src/api/detect';
import { Transport } from '../../../src/api/http/transport';
import { sessionCredential } from '../../../src/api/http/credential';
import { describeServerApi } from '../../../src/core/connection/serverApi';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

type Routes = Record<string, { status: number; body: unknown; html?: boolean }>;

async function serverWith(routes: Routes): Promise<{ transport: Transport; server: LoopbackServer }> {
  const server = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const route = routes[req.url ?? ''] ?? { status: 404, body: { detail: 'Not Found' } };
    res.writeHead(route.status, { 'content-type': route.html ? 'text/html' : 'application/json' });
    res.end(route.html ? String(route.body) : JSON.stringify(route.body));
  });
  servers.push(server);
  return { server, transport: new Transport({ baseUrl: server.url, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }) };
}

/** Some of the routes the real 1.58.2 lists: V0's settings and conversations routes among them, no /api/v1/. */
const AGENT_PATHS = [
  '/', '/alive', '/server_info', '/api/settings', '/api/settings/agent-schema', '/api/conversations', '/api/conversations/search',
  '/api/conversations/count', '/api/conversations/{conversation_id}', '/api/conversations/{conversation_id}/events/search',
];
const spec = { status: 200, body: { info: { title: 'OpenHands Agent Server', version: '1.58.2' }, paths: Object.fromEntries(AGENT_PATHS.map((p) => [p, {}])) } };
/** GET /server_info of the real 1.58.2 (no key needed), trimmed. */
const serverInfo = {
  status: 200,
  body: {
    uptime: 27.0, title: 'OpenHands Agent Server', version: '1.58.2', sdk_version: '1.58.2', tools_version: '1.58.2',
    usable_tools: ['file_editor', 'terminal'], conversation_runtime: 'local', capabilities: ['conversation_runtime_routes_v1', 'tool_catalog_v1'],
  },
};
const AGENT_API = {
  version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent', sendsMessages: true,
  providerTokens: null, changes: null, fileText: false, webUi: false,
};

describe('detectServerApi: an OpenHands Agent Server', () => {
  it('its openapi.json and /server_info: the agent line, named by its version, not "OpenHands 1.58.2, V0 API"', async () => {
    const { transport } = await serverWith({ '/openapi.json': spec, '/server_info': serverInfo, '/': serverInfo });
    const api = await detectServerApi(transport);
    assert.deepEqual(api, AGENT_API);
    assert.equal(describeServerApi(api), 'OpenHands Agent Server 1.58.2');
  });

  it('behind Agent Canvas\'s ingress (no openapi.json, its page at /): /server_info tells it, and no web UI is offered', async () => {
    const page = { status: 200, body: '<!doctype html><html><body>Agent Canvas</body></html>', html: true };
    const { transport } = await serverWith({ '/openapi.json': page, '/': page, '/server_info': serverInfo });
    assert.deepEqual(await detectServerApi(transport), AGENT_API);
  });

  it('a /server_info without sdk_version and capabilities is no agent server: the routes decide as before', async () => {
    const { transport } = await serverWith({
      '/openapi.json': { status: 200, body: { info: { version: '0.54.0' }, paths: { '/server_info': {}, '/api/settings': {}, '/api/conversations': {} } } },
      '/server_info': { status: 200, body: { version: '0.54.0' } },
    });
    const api = await detectServerApi(transport);
    assert.equal(api.settings, 'v0');
    assert.equal(describeServerApi(api), 'OpenHands 0.54.0, V0 API');
  });

  it('an app server\'s openapi.json (V1 routes) asks no /server_info', async () => {
    const { transport, server } = await serverWith({ '/openapi.json': { status: 200, body: { info: { version: '1.11.0' }, paths: { '/server_info': {}, '/api/v1/settings': {}, '/api/v1/app-conversations': {} } } } });
    assert.equal((await detectServerApi(transport)).settings, 'v1');
    assert.ok(!server.hits.some((hit) => hit.url === '/server_info'));
  });
});
