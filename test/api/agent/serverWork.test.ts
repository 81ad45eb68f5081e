// The agent line's work: the conversation's agent server is the configured server, reached at its URL with its
// own key through V1's agent-server adapter; the confirmation answer goes to it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import { createClient } from '../../../src/api/createClient';
import { sessionCredential } from '../../../src/api/http/credential';
import { agentLoopback, conversationInfo } from '../../support/agentAnswers';
import { agentLine } from '../../../src/api/agent/agentLine';
import type { LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const AGENT: ServerApi = { version: '1.58.2', product: 'agent-server', settings: 'agent', conversations: 'agent', sendsMessages: true, providerTokens: null, changes: null, fileText: false };
const ID = '70b53cb3-1074-4cf7-aaba-2a91e90c623e';

describe('agent server work', () => {
  it('agentServer: the configured server with its own key; its events from its events search; after a reject, /run', async () => {
    const { server, exchanges } = await agentLoopback(({ url }) => (url.includes('/events/search')
      ? { status: 200, body: { items: [], next_page_id: null } }
      : { status: 200, body: { success: true } }));
    servers.push(server);
    const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT, agentLine);
    const reach = await client.agentServer!(ID);
    assert.ok(reach.reachable);
    await reach.agent.events.latest(10);
    await client.confirmAction!(ID, false, 'not that');
    await client.goOnAfterReject!(ID);
    assert.match(exchanges[0]!.url, new RegExp(`^/api/conversations/${ID}/events/search\\?`));
    assert.deepEqual(exchanges.map((e) => e.headers['x-session-api-key']), ['server-key', 'server-key', 'server-key']);
    assert.equal(exchanges[2]!.url, `/api/conversations/${ID}/run`, 'a reject leaves it idle: /run goes on');
    assert.equal(exchanges[1]!.url, `/api/conversations/${ID}/events/respond_to_confirmation`);
    assert.deepEqual(exchanges[1]!.body, { accept: false, reason: 'not that' });
    assert.equal(typeof reach.agent.events.stream, 'function', 'live through the server\'s websocket');
  });

  it('changes, file bytes and shell commands through the conversation\'s own routes with absolute paths, never the host-wide ones', async () => {
    const workspace = `/home/u/.openhands/workspaces/${ID}`;
    const { server, exchanges } = await agentLoopback(({ url }) => {
      if (url === `/api/conversations/${ID}`) return { status: 200, body: conversationInfo(ID) };
      if (url.includes('/git/changes')) return { status: 200, body: [{ status: 'ADDED', path: 'notes/a.md' }] };
      if (url.includes('/file/download')) return { status: 200, body: 'text' };
      return { status: 200, body: { exit_code: 0, stdout: 'ok\n', stderr: '' } };
    });
    servers.push(server);
    const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT, agentLine);
    const reach = await client.agentServer!(ID);
    assert.ok(reach.reachable);
    const changes = await reach.agent.changes(null);
    await reach.agent.fileBytes('notes/a.md');
    await reach.agent.runCommand!('ls', { cwd: workspace, timeoutSeconds: 5 });
    assert.deepEqual(changes.files.map((file) => file.path), ['notes/a.md']);
    const query = (path: string) => new URLSearchParams({ path }).toString();
    assert.deepEqual(exchanges.map((e) => `${e.method} ${e.url}`), [
      `GET /api/conversations/${ID}`,
      `GET /api/conversations/${ID}/git/changes?${query(workspace)}`,
      `GET /api/conversations/${ID}/file/download?${query(`${workspace}/notes/a.md`)}`,
      `POST /api/conversations/${ID}/bash/execute_bash_command`,
    ]);
  });
});
