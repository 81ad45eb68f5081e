// The mixed line (1.6.0) and the hand-over's routes (issue 30): its V1 start takes no initial_message as well
// (app_conversation_models.py: optional), and its agent server has the upload and the command routes of 1.11.0
// (file_router.py, bash_router.py), so the bundle can be unpacked there; but its app server lists no
// send-message, so the extension's hand-over is not offered on this line (the task would have to go to the
// agent server's own POST /api/conversations/{id}/events, which the client does not speak).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import { canHandOver } from '../../src/core/handover/handOver';
import { makeTestFolder, type TestFolder } from '../support/handOverFolder';
import { type Client, sleep } from './target';

const LIMIT_MS = 240_000;

interface Agent { base: string; key: string; id: string }

async function startWithoutMessage(client: Client): Promise<Agent & { status: string | null }> {
  const task = JSON.parse((await client.post('/api/v1/app-conversations', '{}')).text) as { id: string };
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const [t] = JSON.parse((await client.get(`/api/v1/app-conversations/start-tasks?ids=${task.id}`)).text) as { status: string; detail: string | null; app_conversation_id: string | null }[];
    assert.notEqual(t?.status, 'ERROR', `start task ERROR: ${t?.detail}`);
    if (t?.status === 'READY' && t.app_conversation_id) {
      const [c] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${t.app_conversation_id}`)).text) as { conversation_url: string; session_api_key: string; execution_status: string | null }[];
      return { base: new URL(c!.conversation_url).origin, key: c!.session_api_key, id: t.app_conversation_id, status: c!.execution_status };
    }
    assert.ok(Date.now() < deadline, 'READY in time');
    await sleep(500);
  }
}

async function agentPost(agent: Agent, path: string, body: string | FormData, type?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'X-Session-API-Key': agent.key, ...(type ? { 'Content-Type': type } : {}) };
  const answer = await fetch(`${agent.base}${path}`, { method: 'POST', headers, body });
  return { status: answer.status, text: await answer.text() };
}

export function mixedHandOverSuite(client: Client): void {
  const state: { folder?: TestFolder } = {};
  describe('mixed line: the hand-over\'s routes (issue 30)', () => {
    before(() => { state.folder = makeTestFolder(); });
    after(() => state.folder?.remove());

    it('the client offers no hand-over here (no send-message)', async () => {
      const ours = await connectClient({ baseUrl: client.target.baseUrl, fetch: (u, i) => fetch(u, i), getCredential: async () => sessionCredential(client.target.apiKey), timeoutMs: 30_000 });
      assert.equal(canHandOver(ours), false);
    });

    it('a start without a message; its agent server takes the bundle and unpacks it; the task through its own events route', async (t) => {
      const folder = state.folder!;
      const agent = await startWithoutMessage(client);
      t.diagnostic(`READY without a message: execution_status ${agent.status}`);
      const where = JSON.parse((await agentPost(agent, '/api/bash/execute_bash_command', JSON.stringify({ command: 'pwd', timeout: 30 }), 'application/json')).text) as { stdout: string };
      const workspace = where.stdout.trim();
      const form = new FormData();
      form.append('file', new Blob([readFileSync(folder.bundlePath)]), basename(folder.bundlePath));
      const remote = `${workspace}/.git/handover.bundle`;
      const upload = await agentPost(agent, `/api/file/upload?path=${encodeURIComponent(remote)}`, form);
      t.diagnostic(`upload: ${upload.status} ${upload.text}`);
      assert.deepEqual([upload.status, JSON.parse(upload.text)], [200, { success: true }]);
      const relative = await agentPost(agent, '/api/file/upload?path=relative.bundle', form);
      t.diagnostic(`upload to a relative path: ${relative.status} ${relative.text}`);
      const unpack = await agentPost(agent, '/api/bash/execute_bash_command', JSON.stringify({ command: `${folder.unpackCommand(remote)} && git rev-parse HEAD`, timeout: 60 }), 'application/json');
      t.diagnostic(`unpack: ${unpack.status} ${unpack.text}`);
      const output = JSON.parse(unpack.text) as { id: string; command_id: string; exit_code: number; stdout: string; stderr: string | null; kind: string };
      assert.deepEqual([unpack.status, output.kind, output.exit_code, output.stdout.trim(), output.stderr], [200, 'BashOutput', 0, folder.commit, null]);
      // Seen on 1.6.0: the ids are hex without dashes (OpenHandsUUID), the time with microseconds and a Z.
      assert.match(`${output.id} ${output.command_id}`, /^[0-9a-f]{32} [0-9a-f]{32}$/);
      const wrongKey = await fetch(`${agent.base}/api/bash/execute_bash_command`, { method: 'POST', headers: { 'X-Session-API-Key': 'wrong', 'Content-Type': 'application/json' }, body: '{"command":"true"}' });
      assert.equal(wrongKey.status, 401);
      const message = { role: 'user', content: [{ type: 'text', text: 'The task.' }], run: false };
      const sent = await agentPost(agent, `/api/conversations/${agent.id}/events`, JSON.stringify(message), 'application/json');
      t.diagnostic(`the task to the agent server's events route: ${sent.status} ${sent.text}`);
    });
  });
}
