// The agent line's work: the conversation's agent server is the configured server, reached at its URL with its
// own key through V1's agent-server adapter; the confirmation answer goes to it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import { createClient } from '../../support/client';
import { sessionCredential } from '../../../src/api/http/credential';
import { agentLoopback, agentSettingsAnswer, conversationInfo } from '../../support/agentAnswers';
import { handOver } from '../../../src/core/handover/handOver';
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
    const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT);
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
    const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT);
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

  // The real server refuses a path outside the workspace on these routes (422): /tmp was refused (issue 43).
  it('Send This Folder: the bundle goes into the workspace\'s .git through the conversation\'s upload route, is unpacked there and removed', async () => {
    let started = '';
    const { server, exchanges } = await agentLoopback(({ method, url, body }) => {
      if (url === '/api/file/home') return { status: 200, body: { home: '/home/u' } };
      if (url === '/api/settings') return { status: 200, body: agentSettingsAnswer('gAAAA-token') };
      if (method === 'POST' && url === '/api/conversations') {
        started = (body as { conversation_id: string }).conversation_id;
        return { status: 201, body: conversationInfo(started) };
      }
      if (url === `/api/conversations/${started}`) return { status: 200, body: conversationInfo(started) };
      if (url.includes('/file/upload')) return { status: 200, body: { success: true, file_size: 6 } };
      if (url.includes('/bash/')) return { status: 200, body: { kind: 'BashOutput', exit_code: 0, stdout: '', stderr: '' } };
      return { status: 200, body: { success: true } };
    });
    servers.push(server);
    const local = mkdtempSync(join(tmpdir(), 'agent-handover-'));
    try {
      writeFileSync(join(local, 'snap.bundle'), 'bundle');
      const client = createClient({ baseUrl: server.url, fetch: (u, init) => fetch(u, init), getCredential: async () => sessionCredential('server-key'), timeoutMs: 5000 }, AGENT);
      const id = await handOver(client, {
        bundle: { commit: 'abc1234def5678900000000000000000000000ff', bundlePath: join(local, 'snap.bundle'), bundleBytes: 6 },
        unpackCommand: (remote) => `git fetch -q ${remote} refs/x`, task: { text: 'Fix the bug' },
      });
      assert.equal(id, started);
      const workspace = `/home/u/.openhands/workspaces/${id}`;
      const upload = exchanges.find((e) => e.url.includes('/file/upload'))!;
      const [route, query] = upload.url.split('?');
      assert.equal(route, `/api/conversations/${id}/file/upload`);
      const remote = new URLSearchParams(query).get('path') ?? '';
      assert.match(remote, new RegExp(`^${workspace}/\\.git/openhands-handover-abc1234def56-[a-z0-9]+\\.bundle$`));
      const bash = exchanges.find((e) => e.url.includes('/bash/'))!;
      assert.equal(bash.url, `/api/conversations/${id}/bash/execute_bash_command`);
      const { command, cwd } = bash.body as { command: string; cwd: string };
      assert.equal(cwd, workspace);
      assert.equal(command, `trap 'rm -f '\\''${remote}'\\''' EXIT\ngit fetch -q ${remote} refs/x`);
      assert.equal(exchanges.at(-1)!.url, `/api/conversations/${id}/events`, 'then the task');
    } finally {
      rmSync(local, { recursive: true, force: true });
    }
  });
});
