// The changes as the view reads them, from the stand-in (a V1 app server and its agent server over a real git
// workspace): one patch gives every file with its counts; each file's two sides are exact; what cannot be shown
// exactly (binary, not listed, no agent server) says why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectClient } from '../../../src/api/createClient';
import { sessionCredential } from '../../../src/api/http/credential';
import type { OpenHandsClient } from '../../../src/api/client';
import { exactSides } from '../../../src/core/changes/changeContents';
import { loadChanges, type LoadedChanges } from '../../../src/core/changes/changeLoader';
import { startContractServer, type ContractServer } from '../../support/standin/contractServer';

const KEY = 'loader-test-key';

describe('loadChanges and exactSides on the stand-in', () => {
  let server: ContractServer;
  let client: OpenHandsClient;
  let id: string;
  before(async () => {
    server = await startContractServer({ api: 'v1', sessionApiKey: KEY });
    [id] = server.seedConversations(1, { changedFiles: 12 });
    client = await connectClient({ baseUrl: server.url, fetch: (url, init) => fetch(url, init), getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000, readRetries: 0 });
  });
  after(() => server.close());

  async function loaded(): Promise<LoadedChanges> {
    const state = await loadChanges(client, { id, repository: null, branch: null });
    assert.equal(state.kind, 'loaded', JSON.stringify(state));
    return (state as { changes: LoadedChanges }).changes;
  }

  it('a refresh reads the list and one patch: 2 requests (the workspace is found once; the base the last listing settled on is asked at once)', async () => {
    let requests = 0;
    const counting = await connectClient({ baseUrl: server.url, fetch: (url, init) => { requests++; return fetch(url, init); }, getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000, readRetries: 0 });
    const first = await loadChanges(counting, { id, repository: null, branch: null });
    assert.equal(first.kind, 'loaded');
    const before = requests;
    const again = await loadChanges(counting, { id, repository: null, branch: null }, undefined, first.kind === 'loaded' ? first.changes.base : undefined);
    assert.equal(again.kind === 'loaded' && again.changes.files.length, 12);
    assert.equal(requests - before, 2);
  });

  it('a first listing where the workspace has no origin: 4 requests, the patch against HEAD asked at once (the server\'s default would name no commit)', async () => {
    const [fresh] = server.seedConversations(1, { changedFiles: 3 });
    const asked: string[] = [];
    const logging = await connectClient({ baseUrl: server.url, fetch: (url, init) => { asked.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`); return fetch(url, init); }, getCredential: async () => sessionCredential(KEY), timeoutMs: 10_000, readRetries: 0 });
    asked.length = 0;
    const first = await loadChanges(logging, { id: fresh, repository: null, branch: null });
    assert.equal(first.kind === 'loaded' && first.changes.base.reason, 'head');
    assert.match(first.kind === 'loaded' ? first.changes.base.commit ?? '' : '', /^[0-9a-f]{40}$/);
    assert.deepEqual(asked, ['GET /api/v1/app-conversations', `GET /api/conversations/${fresh}`, 'POST /api/bash/execute_bash_command', 'GET /api/file/archive']);
  });

  it('lists every change with its counts from one patch, against HEAD where the workspace has no origin', async () => {
    const changes = await loaded();
    assert.equal(changes.files.length, 12);
    assert.equal(changes.base.reason, 'head');
    assert.match(changes.base.commit ?? '', /^[0-9a-f]{40}$/);
    const byPath = new Map(changes.files.map((file) => [file.path, file]));
    assert.deepEqual([byPath.get('src/module0/file0.txt')?.added, byPath.get('src/module0/file0.txt')?.removed], [2, 1]);
    assert.equal(byPath.get('src/module2/file2.txt')?.status, 'deleted');
    assert.equal(byPath.get('assets/logo.bin')?.binary, true);
    assert.deepEqual(changes.refused, []);
  });

  it('a conversation started with Send This Folder: against the snapshot sent, named as such, whether the patch or the list is read', async () => {
    const head = (await loaded()).base.commit!;
    const viaPatch = await loadChanges(client, { id, repository: null, branch: null, sentFolderCommit: head });
    assert.deepEqual(viaPatch.kind === 'loaded' && viaPatch.changes.base, { ref: head, commit: head, reason: 'sent-folder' });
    assert.equal(viaPatch.kind === 'loaded' && viaPatch.changes.files.length, 12);
    const listOnly: typeof client = { ...client, agentServer: undefined };
    const viaList = await loadChanges(listOnly, { id, repository: null, branch: null, sentFolderCommit: head });
    assert.deepEqual(viaList.kind === 'loaded' && viaList.changes.base, { ref: head, commit: head, reason: 'sent-folder' });
  });

  it('falls back where the cloned branch has no origin (started on a branch the remote lacks): the patch\'s base, else HEAD, and says which it asked first', async () => {
    const state = await loadChanges(client, { id, repository: 'o/r', branch: 'feature/trial' });
    assert.equal(state.kind, 'loaded', JSON.stringify(state));
    const changes = (state as { changes: LoadedChanges }).changes;
    assert.equal(changes.files.length, 12);
    assert.equal(changes.base.reason, 'head');
    assert.equal(changes.base.unresolved, 'origin/feature/trial');
    assert.match(changes.base.commit ?? '', /^[0-9a-f]{40}$/);
  });

  it('gives both sides exactly: CRLF kept, Latin-1 byte for byte, a deleted file\'s base', async () => {
    const changes = await loaded();
    assert.deepEqual(await exactSides(changes, 'docs/windows.txt'), { kind: 'text', base: 'first\r\nsecond\r\nthird\r\n', agent: 'first\r\nSECOND\r\nthird\r\n', encoding: 'utf8' });
    const latin1 = await exactSides(changes, 'docs/latin1.txt');
    assert.deepEqual(latin1, { kind: 'text', base: 'caf\xe9\nna\xefve\n', agent: 'caf\xe9\nna\xefve\nd\xe9j\xe0\n', encoding: 'latin1' });
    const deleted = await exactSides(changes, 'src/module2/file2.txt');
    assert.equal(deleted.kind === 'text' && deleted.agent, '');
    assert.match(deleted.kind === 'text' ? deleted.base : '', /^file 2 line 1\n/);
  });

  it('refuses a binary file, a symbolic link (to /etc/passwd) and a file the server did not list', async () => {
    const changes = await loaded();
    assert.match(JSON.stringify(await exactSides(changes, 'assets/logo.bin')), /binary file/);
    assert.equal(changes.files.find((file) => file.path === 'passwd-link')?.status, 'added');
    assert.match(JSON.stringify(await exactSides(changes, 'passwd-link')), /symbolic link/);
    assert.match(JSON.stringify(await exactSides(changes, 'README.md')), /not in the changes the server listed/);
    assert.match(JSON.stringify(await exactSides(changes, '../outside.txt')), /not in the changes the server listed/);
  });

  it('says a paused sandbox is paused', async () => {
    server.setConversationStatus(id, { sandbox_status: 'PAUSED', execution_status: 'finished' } as never);
    try {
      assert.deepEqual(await loadChanges(client, { id, repository: null, branch: null }), { kind: 'paused' });
    } finally {
      server.setConversationStatus(id, { sandbox_status: 'RUNNING', execution_status: 'finished' } as never);
    }
  });
});
