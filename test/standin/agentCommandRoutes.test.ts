// The stand-in's agent server takes a folder as 1.11.0 does (agentCommandRoutes.ts): a conversation started
// without a message stays idle; the upload and the command work in its workspace with its own key only; the
// hand-over (core/handover/handOver.ts) through the real client puts the snapshot at HEAD with nothing listed as
// changed, sends the task as the person's message, and takes at most 7 requests from the start to the task; a cancel
// during the start stops the conversation the start task leads to and names it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../support/client';
import { sessionCredential } from '../../src/api/http/credential';
import type { AgentServerApi, OpenHandsClient, ServerApi } from '../../src/api/client';
import { HandOverError, handOver } from '../../src/core/handover/handOver';
import { makeTestFolder, type TestFolder } from '../support/handOverFolder';
import { call, get, post, serve } from '../support/standin/testClient';

const KEY = { 'X-Session-API-Key': 'k' };
const V1: ServerApi = { version: '1.11.0', settings: 'v1', conversations: 'v1', sendsMessages: true };
const json = <T>(text: string): T => JSON.parse(text) as T;

function countingClient(url: string): { client: OpenHandsClient; requests: string[] } {
  const requests: string[] = [];
  const client = createClient({
    baseUrl: url, timeoutMs: 5000, getCredential: async () => sessionCredential('k'),
    fetch: (target, init) => { requests.push(`${init.method ?? 'GET'} ${new URL(target).pathname}`); return fetch(target, init); },
  }, V1);
  return { client, requests };
}

async function agentOf(client: OpenHandsClient, id: string): Promise<AgentServerApi> {
  const reach = await client.agentServer!(id);
  assert.ok(reach.reachable);
  return reach.agent;
}

describe('stand-in agent server: upload and commands', () => {
  const v1 = serve({ api: 'v1', sessionApiKey: 'k', controlApi: true });
  let folder: TestFolder;
  const scratch = mkdtempSync(join(tmpdir(), 'standin-upload-'));
  before(() => { folder = makeTestFolder(); });
  after(() => { folder.remove(); rmSync(scratch, { recursive: true, force: true }); });

  it('a start without a message: READY, idle, no message; the upload and the command run in its workspace', async () => {
    const { client } = countingClient(v1.url);
    const id = (await client.createConversation({})).conversation_id;
    const [summary] = await client.getConversations([id]);
    assert.equal(summary?.state, 'waiting');
    const agent = await agentOf(client, id);
    const local = join(scratch, 'note.txt');
    writeFileSync(local, 'hello\n');
    const where = await agent.runCommand!('pwd && git rev-parse --is-inside-work-tree', { timeoutSeconds: 10 });
    assert.equal(where.exitCode, 0);
    const workspace = where.stdout.split('\n')[0]!;
    await agent.uploadFile!(local, `${workspace}/sub/note.txt`);
    assert.deepEqual(await agent.runCommand!('cat sub/note.txt; echo oops >&2; exit 3', { timeoutSeconds: 10 }), { exitCode: 3, stdout: 'hello\n', stderr: 'oops\n' });
    assert.deepEqual(await agent.runCommand!('sleep 5', { timeoutSeconds: 1 }), { exitCode: -1, stdout: '', stderr: '' });
    const noFolder = await agent.runCommand!('true', { cwd: '/no/such/folder', timeoutSeconds: 5 });
    assert.equal(noFolder.exitCode, -1);
    assert.match(noFolder.stderr, /^Error executing command: \[Errno 2\] No such file or directory/);
  });

  it('its errors as 1.11.0\'s: relative path 400, missing fields 422, wrong key 401', async () => {
    const { client } = countingClient(v1.url);
    const id = (await client.createConversation({})).conversation_id;
    const [c] = json<{ conversation_url: string; session_api_key: string }[]>((await get(v1.url, `/api/v1/app-conversations?ids=${id}`, KEY)).text);
    const agentUrl = new URL(c!.conversation_url).origin;
    const own = { 'X-Session-API-Key': c!.session_api_key };
    const form = '--b\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nx\r\n--b--\r\n';
    const multipart = 'multipart/form-data; boundary=b';
    const upload = (path: string, headers: Record<string, string>, body = form) => call(agentUrl, 'POST', `/api/file/upload${path}`, { body, type: multipart, headers });
    assert.deepEqual(json(( await upload('?path=rel/x', own)).text), { detail: 'Path must be absolute' });
    assert.equal((await upload('?path=rel/x', own)).status, 400);
    assert.equal((await upload('?path=/tmp/x', { 'X-Session-API-Key': 'k' })).status, 401);
    const noFile = await upload('?path=/tmp/x', own, '--b--\r\n');
    assert.equal(noFile.status, 422);
    assert.deepEqual(json<{ detail: { loc: string[] }[] }>(noFile.text).detail.map((d) => d.loc), [['body', 'file']]);
    assert.equal((await call(agentUrl, 'POST', '/api/bash/execute_bash_command', { body: '{"command":"true"}', headers: { 'X-Session-API-Key': 'wrong' } })).status, 401);
    const noCommand = await call(agentUrl, 'POST', '/api/bash/execute_bash_command', { body: '{}', headers: own });
    assert.equal(noCommand.status, 422);
    const output = json<Record<string, unknown>>((await call(agentUrl, 'POST', '/api/bash/execute_bash_command', { body: '{"command":"echo hi"}', headers: own })).text);
    assert.deepEqual(Object.keys(output).sort(), ['command_id', 'exit_code', 'id', 'kind', 'order', 'stderr', 'stdout', 'timestamp']);
    assert.deepEqual([output.kind, output.exit_code, output.stdout, output.stderr], ['BashOutput', 0, 'hi\n', null]);
  });

  it('the hand-over: snapshot at HEAD on the local branch, nothing listed as changed, the task as the person\'s message, ≤ 7 requests', async () => {
    await post(v1.url, '/_test/start-tasks', '{"readyAfterMs":50}');
    const { client, requests } = countingClient(v1.url);
    const id = await handOver(client, { bundle: folder, unpackCommand: folder.unpackCommand, task: { text: 'Read edited.txt and added.txt' } });
    assert.ok(requests.length <= 7, `requests from the start to the task: ${requests.join(', ')}`);
    const agent = await agentOf(client, id);
    const head = await agent.runCommand!('git rev-parse HEAD && git rev-parse --abbrev-ref HEAD && cat edited.txt added.txt && ls -a', { timeoutSeconds: 10 });
    const [commit, branch, ...rest] = head.stdout.split('\n');
    assert.deepEqual([commit, branch], [folder.commit, 'main']);
    assert.match(rest.join('\n'), /^alpha\nbeta edited locally\na file never committed\n/);
    assert.doesNotMatch(head.stdout, /ignored\.log|\.env\n/);
    assert.deepEqual((await agent.changes(null)).files, []);
    assert.equal((await agent.runCommand!(`ls -d /tmp/openhands-handover-${folder.commit.slice(0, 12)}-* 2>/dev/null | wc -l`, { timeoutSeconds: 5 })).stdout.trim(), '0', 'the uploaded bundle is gone');
    assert.equal(await client.firstMessage!(id), 'Read edited.txt and added.txt');
  });

  it('settings that group conversations (1.11.0): the workspace is ./<id hex> below the agent server\'s folder; the hand-over, the list and the bytes are there', async () => {
    assert.equal((await post(v1.url, '/api/v1/settings', '{"sandbox_grouping_strategy":"GROUP_BY_NEWEST"}', KEY)).status, 200);
    await post(v1.url, '/_test/start-tasks', '{"readyAfterMs":50}');
    const { client } = countingClient(v1.url);
    const id = await handOver(client, { bundle: folder, unpackCommand: folder.unpackCommand, task: { text: 'Read edited.txt' } });
    const agent = await agentOf(client, id);
    const [own, workspace] = await Promise.all(['.', undefined].map((cwd) => agent.runCommand!('pwd -P; git rev-parse HEAD', { timeoutSeconds: 10, ...(cwd ? { cwd } : {}) })));
    assert.equal(own.exitCode, 128, 'the agent server\'s own folder holds no repository');
    assert.deepEqual(workspace.stdout.split('\n').slice(0, 2), [`${own.stdout.split('\n')[0]}/${id}`, folder.commit]);
    assert.deepEqual((await agent.changes(null)).files, []);
    assert.equal(new TextDecoder().decode((await agent.fileBytes('edited.txt'))!), readFileSync(join(folder.dir, 'edited.txt'), 'utf8'));
  });

  it('Cancel while the server starts the conversation: its start task leads to it; it is stopped (paused) and named', async () => {
    await post(v1.url, '/_test/start-tasks', '{"readyAfterMs":600}');
    const { client } = countingClient(v1.url);
    const cancel = new AbortController();
    const steps: string[] = [];
    const started = Date.now();
    const done = handOver(client, {
      bundle: folder, unpackCommand: folder.unpackCommand, task: { text: 'never sent' }, signal: cancel.signal,
      onProgress: (p) => { steps.push(p.step); if (p.step === 'start' && p.detail) cancel.abort(); },
    });
    const error = await done.then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof HandOverError && error.cancelled && error.step === 'start', String(error));
    assert.ok(Date.now() - started < 5000, 'the cancel waited only for the start the server had taken');
    const left = error.left;
    assert.ok(left?.stopped, 'a conversation was left, and stopped');
    assert.match(error.message, new RegExp(`was cancelled while starting the conversation\\. Conversation ${left.conversationId} was started without its task and is now stopped`));
    assert.equal(steps.at(-1), 'leaving');
    const [summary] = await client.getConversations([left.conversationId]);
    assert.equal(summary?.state, 'paused');
    assert.equal(await client.firstMessage!(left.conversationId), undefined, 'no task sent');
  });
});
