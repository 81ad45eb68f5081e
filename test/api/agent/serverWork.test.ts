// The agent line's work: the conversation's agent server is the configured server, reached at its URL with its
// own key through V1's agent-server adapter; the confirmation answer goes to it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import { createClient } from '../../../src/api/createClient';
import { sessionCredential } from '../../../src/api/http/credential';
import { agentLoopback } from '../../support/agentAnswers';
import type { LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const AGENT: ServerApi = { version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent', sendsMessages: true, providerTokens: null, changes: null, fileText: false };
const ID = '70b53cb3-1074-4cf7-aaba-2a91e90c623e';

describe('agent server work', () => {
  it('agentServer: the configured server with its own key; its events from the conversation\'s events search', async () => {
    const { server, exchanges } = await agentLoopback(({ url }) => (url.includes('/events/search')
      ? { status: 200, body: { items: [], next_page_id: null } }
      : { status: 200, body: { success: true } }));
    servers.push(server);
    const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT);
    const reach = await client.agentServer!(ID);
    assert.ok(reach.reachable);
    await reach.agent.events.latest(10);
    await client.confirmAction!(ID, false, 'not that');
    assert.match(exchanges[0]!.url, new RegExp(`^/api/conversations/${ID}/events/search\\?`));
    assert.deepEqual(exchanges.map((e) => e.headers['x-session-api-key']), ['server-key', 'server-key']);
    assert.equal(exchanges[1]!.url, `/api/conversations/${ID}/events/respond_to_confirmation`);
    assert.deepEqual(exchanges[1]!.body, { accept: false, reason: 'not that' });
    assert.equal(typeof reach.agent.events.stream, 'function', 'live through the server\'s websocket');
  });
});
