// The changes adapters against a loopback server answering as a real 1.11.0 does (openhands-v1-work.md §4-5):
// the app server's list and file text, its paused and not-running sandboxes, the agent server's list, patch
// (bytes, base commit) and file bytes, the workspace path found for a process sandbox, V0's list.
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, describe, it } from 'node:test';
import { createClient } from '../../support/client';
import { Transport } from '../../../src/api/http/transport';
import { sessionCredential } from '../../../src/api/http/credential';
import { SandboxNotRunningError, SandboxPausedError, WorkspaceUnknownError } from '../../../src/api/changesErrors';
import { NotFoundError, ValidationError } from '../../../src/api/http/statusErrors';
import { BadResponseError } from '../../../src/api/http/transportErrors';
import { agentChangesApi } from '../../../src/api/v1/agentChanges';
import { V1AgentServer } from '../../../src/api/v1/agentServerApi';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

interface Answer { status?: number; body: unknown; headers?: Record<string, string> }
type Route = (url: URL) => Answer | undefined;

async function serve(route: Route): Promise<{ url: string; urls: URL[] }> {
  const urls: URL[] = [];
  const server = await startLoopbackServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    urls.push(url);
    const answer = route(url) ?? { status: 404, body: { detail: 'Not Found' } };
    const raw = answer.body instanceof Uint8Array;
    res.writeHead(answer.status ?? 200, { 'content-type': raw ? 'application/octet-stream' : 'application/json', ...answer.headers });
    res.end(raw ? Buffer.from(answer.body as Uint8Array) : JSON.stringify(answer.body));
  });
  servers.push(server);
  return { url: server.url, urls };
}

const ID = '0b8c1f0e6a0d4b8e9f3a2c1d5e6f7a8b';
const options = (baseUrl: string) => ({ baseUrl, fetch: (url: string, init: RequestInit) => fetch(url, init), getCredential: async () => sessionCredential('k'), timeoutMs: 5000, readRetries: 0 });
const V1 = { version: '1.11.0', settings: 'v1', conversations: 'v1', changes: 'v1', fileText: true } as const;
const ARTEFACTS = [
  { status: 'ADDED', path: '.openhands-agent-server.log' },
  { status: 'ADDED', path: `workspace/conversations/${ID}/events/event-00001-x.json` },
  { status: 'ADDED', path: 'workspace/bash_events/20261125093000123456_BashCommand_0123456789abcdef0123456789abcdef' },
];

describe('V1 app server changes', () => {
  it('lists the changes with path=. and the ref, statuses mapped, the agent server\'s own files left out by exact name', async () => {
    const server = await serve((url) => (url.pathname.endsWith('/git/changes') ? { body: [
      ...ARTEFACTS,
      { status: 'ADDED', path: 'added.txt' }, { status: 'UPDATED', path: 'base.txt' }, { status: 'DELETED', path: 'doomed.txt' },
      { status: 'MOVED', path: 'moved.txt' }, { status: 'ADDED', path: 'workspace/conversations/notes.md' },
    ] } : undefined));
    const list = await createClient(options(server.url), V1).listChanges!(ID, 'HEAD');
    assert.equal(server.urls[0].pathname, `/api/v1/app-conversations/${ID}/git/changes`);
    assert.deepEqual(Object.fromEntries(server.urls[0].searchParams), { path: '.', ref: 'HEAD' });
    assert.deepEqual(list, {
      base: { ref: 'HEAD', reason: 'head' },
      files: [
        { path: 'added.txt', status: 'added' }, { path: 'base.txt', status: 'modified' }, { path: 'doomed.txt', status: 'deleted' },
        { path: 'moved.txt', status: 'moved' }, { path: 'workspace/conversations/notes.md', status: 'added' },
      ],
    });
  });

  it('reads the paths git C-quoted (as real git prints a name with non-ASCII bytes, a tab or a quote) as their names', async () => {
    const server = await serve(() => ({ body: [{ status: 'ADDED', path: '"caf\\303\\251.txt"' }, { status: 'ADDED', path: '"tab\\tq\\"uote.txt"' }, { status: 'ADDED', path: 'plain "x".txt' }] }));
    const list = await createClient(options(server.url), V1).listChanges!(ID, 'HEAD');
    assert.deepEqual(list.files.map((f) => f.path), ['café.txt', 'tab\tq"uote.txt', 'plain "x".txt']);
  });

  it('sends no ref for the server\'s default base, and says so', async () => {
    const server = await serve(() => ({ body: [] }));
    const list = await createClient(options(server.url), V1).listChanges!(ID, null);
    assert.equal(server.urls[0].searchParams.has('ref'), false);
    assert.deepEqual(list.base, { ref: null, reason: 'server-default' });
  });

  it('answers a paused sandbox (409) and a sandbox not running (404 "not reachable") with their own errors', async () => {
    const paused = await serve(() => ({ status: 409, body: { detail: 'Sandbox is paused; resume it before reading git state.' } }));
    await assert.rejects(createClient(options(paused.url), V1).listChanges!(ID, 'HEAD'), SandboxPausedError);
    const gone = await serve(() => ({ status: 404, body: { detail: `Conversation ${ID} is not reachable` } }));
    await assert.rejects(createClient(options(gone.url), V1).listChanges!(ID, 'HEAD'), SandboxNotRunningError);
    const noRoute = await serve(() => undefined);
    await assert.rejects(createClient(options(noRoute.url), V1).listChanges!(ID, 'HEAD'), NotFoundError);
  });

  it('refuses a status it does not know rather than guess', async () => {
    const server = await serve(() => ({ body: [{ status: 'COPIED', path: 'a' }] }));
    await assert.rejects(createClient(options(server.url), V1).listChanges!(ID, 'HEAD'), BadResponseError);
  });

  it('reads a file\'s exact text as the JSON string the server answers, "" for a missing one', async () => {
    const server = await serve((url) => ({ body: url.searchParams.get('file_path') === '/w/a.txt' ? 'alpha\nbeta\n' : '' }));
    const client = createClient(options(server.url), V1);
    assert.equal(await client.agentFileText!(ID, '/w/a.txt'), 'alpha\nbeta\n');
    assert.equal(await client.agentFileText!(ID, '/w/missing.txt'), '');
    assert.equal(server.urls[0].pathname, `/api/v1/app-conversations/${ID}/file`);
  });

  it('offers no changes where the server lists no route serving its conversations (1.6.0), V0\'s where it does', async () => {
    assert.equal(createClient(options('http://127.0.0.1:1'), { ...V1, version: '1.6.0', changes: null }).listChanges, undefined);
    const server = await serve(() => ({ body: [{ status: 'M', path: 'a.txt' }, { status: 'A', path: 'b.txt' }, { status: 'D', path: 'c.txt' }, { status: 'U', path: 'd.txt' }] }));
    const v0 = createClient(options(server.url), { version: '0.54.0', settings: 'v0', conversations: 'v0', changes: 'v0', fileText: false });
    assert.equal(v0.agentFileText, undefined);
    const list = await v0.listChanges!('abc', 'HEAD');
    assert.equal(server.urls[0].pathname, '/api/conversations/abc/git/changes');
    assert.deepEqual(list.base, { ref: null, reason: 'server-default' });
    assert.deepEqual(list.files.map((f) => f.status), ['modified', 'added', 'deleted', 'modified']);
  });
});

const SANDBOX = '/state/sandboxes/sb1';
const te = new TextEncoder();

/** An agent server in a process sandbox: workspace `.`, the absolute folder in the terminal observations. */
function agentServer(extra: Route = () => undefined): Route {
  return (url) => extra(url) ?? agentDefaults(url);
}

function agentDefaults(url: URL): Answer | undefined {
  if (url.pathname === `/api/conversations/${ID}`) return { body: { workspace: { working_dir: '.', kind: 'LocalWorkspace' } } };
  if (url.pathname.endsWith('/events/search')) {
    // 1.6.0 sends an empty working_dir now and then (the SDK keeps its last folder then): never a candidate.
    return { body: { items: [
      { observation: { metadata: { working_dir: '' } } }, { observation: { metadata: { working_dir: `${SANDBOX}/sub` } } }, { observation: { metadata: { working_dir: SANDBOX } } }, { observation: { kind: 'FileEditorObservation' } },
    ] } };
  }
  if (url.pathname === '/api/git/changes') {
    const at = url.searchParams.get('path');
    return { body: at === '.' || at === SANDBOX || at === `${SANDBOX}/sub` ? [{ status: 'ADDED', path: 'a.bin' }] : [] };
  }
  return undefined;
}

describe('V1 agent server changes', () => {
  it('reads the patch as bytes with its base commit, against the workspace found for `.`, the agent server\'s own sections cut out', async () => {
    const own = 'diff --git a/.openhands-agent-server.log b/.openhands-agent-server.log\nnew file mode 100644\n--- /dev/null\n+++ b/.openhands-agent-server.log\n@@ -0,0 +1 @@\n+log\n';
    const latin = Uint8Array.from([...te.encode('diff --git a/l1.txt b/l1.txt\n--- a/l1.txt\n+++ b/l1.txt\n@@ -1 +1 @@\n-caf'), 0xe9, 0x0a, ...te.encode('+caf'), 0xe8, 0x0a]);
    const patch = Uint8Array.from([...te.encode(own), ...latin]);
    const server = await serve(agentServer((url) => (url.pathname === '/api/file/archive'
      ? { body: patch, headers: { 'content-type': 'text/x-patch; charset=utf-8', 'x-archive-base-commit': 'a'.repeat(40) } } : undefined)));
    const agent = agentChangesApi(new Transport(options(server.url)), `/api/conversations/${ID}`);
    const read = await agent.patch('HEAD');
    assert.deepEqual([...read.bytes], [...latin]);
    assert.equal(read.baseCommit, 'a'.repeat(40));
    const archive = server.urls.find((u) => u.pathname === '/api/file/archive')!;
    assert.deepEqual(Object.fromEntries(archive.searchParams), { path: SANDBOX, format: 'git-delta', use_default_excludes: 'false', base_ref: 'HEAD' });
  });

  it('reads a file\'s raw bytes, null for a missing one, and asks for no path outside the workspace', async () => {
    const bytes = Uint8Array.from([0, 1, 2, 0xff, 0xfe, 0x89, 0x50]);
    const server = await serve(agentServer((url) => {
      if (url.pathname !== '/api/file/download') return undefined;
      return url.searchParams.get('path') === `${SANDBOX}/dir/a.bin` ? { body: bytes } : { status: 404, body: { detail: 'File not found' } };
    }));
    const agent = agentChangesApi(new Transport(options(server.url)), `/api/conversations/${ID}`);
    assert.deepEqual([...(await agent.fileBytes('dir/a.bin'))!], [...bytes]);
    assert.equal(await agent.fileBytes('gone.txt'), null);
    for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', '', 'a//b']) {
      await assert.rejects(agent.fileBytes(bad), ValidationError, bad);
    }
    assert.equal(server.urls.filter((u) => u.pathname === '/api/conversations/' + ID).length, 1, 'the workspace is found once');
  });

  it('takes an absolute working_dir as it is, and fails with a clear error where no candidate lists the same changes', async () => {
    const docker = await serve((url) => (url.pathname === `/api/conversations/${ID}` ? { body: { workspace: { working_dir: '/workspace/project' } } }
      : url.pathname === '/api/file/download' ? { body: te.encode('x') } : undefined));
    await agentChangesApi(new Transport(options(docker.url)), `/api/conversations/${ID}`).fileBytes('a');
    assert.equal(docker.urls.at(-1)!.searchParams.get('path'), '/workspace/project/a');
    const lost = await serve(agentServer((url) => (url.pathname.endsWith('/events/search') ? { body: { items: [] } } : undefined)));
    await assert.rejects(agentChangesApi(new Transport(options(lost.url)), `/api/conversations/${ID}`).patch(null), WorkspaceUnknownError);
  });

  it('finds a process sandbox\'s workspace with one command in the stated `.` (the agent server\'s own folder), which also says whether the default base is the empty tree: no observation read, no list compared', async () => {
    const bodies: unknown[] = [];
    const server = await serve(agentServer((url) => (url.pathname === '/api/bash/execute_bash_command' ? { body: { exit_code: 0, stdout: `${SANDBOX}\nno-origin-ref\n`, stderr: null } }
      : url.pathname === '/api/file/archive' ? { body: te.encode(''), headers: { 'content-type': 'text/x-patch' } } : undefined)));
    const transport = new Transport({ ...options(server.url), fetch: (url: string, init: RequestInit) => { if (init.body) bodies.push(JSON.parse(String(init.body))); return fetch(url, init); } });
    const agent = agentChangesApi(transport, `/api/conversations/${ID}`);
    await agent.patch('HEAD');
    assert.equal(await agent.defaultBaseIsEmptyTree(), true);
    assert.deepEqual(server.urls.map((u) => u.pathname), [`/api/conversations/${ID}`, '/api/bash/execute_bash_command', '/api/file/archive']);
    assert.deepEqual(bodies.map((body) => ({ ...(body as object), command: undefined })), [{ command: undefined, timeout: 10, cwd: '.' }]);
    assert.match((bodies[0] as { command: string }).command, /^pwd -P && /);
    assert.equal(server.urls.at(-1)!.searchParams.get('path'), SANDBOX);
  });

  it('where the sandbox holds several conversations (`./<id hex>`), lists, finds the workspace and runs commands in that folder, relative, with one GET', async () => {
    const grouped = `./${ID}`;
    const bodies: { command: string; cwd?: string }[] = [];
    const server = await serve((url) => (url.pathname === `/api/conversations/${ID}` ? { body: { workspace: { working_dir: grouped, kind: 'LocalWorkspace' } } }
      : url.pathname === '/api/bash/execute_bash_command' ? { body: { exit_code: 0, stdout: `${SANDBOX}/${ID}\n`, stderr: null } }
      : url.pathname === '/api/git/changes' ? { body: url.searchParams.get('path') === grouped ? [{ status: 'ADDED', path: 'a.txt' }] : [] }
      : url.pathname === '/api/file/download' ? { body: te.encode('x') } : undefined));
    const recording = { ...options(server.url), fetch: (url: string, init: RequestInit) => { if (init.body) bodies.push(JSON.parse(String(init.body))); return fetch(url, init); } };
    const agent = new V1AgentServer(recording, { baseUrl: server.url, conversationPath: `/api/conversations/${ID}`, key: 'k' }, ID);
    assert.deepEqual((await agent.changes(null)).files, [{ path: 'a.txt', status: 'added' }]);
    await agent.runCommand('git status', { timeoutSeconds: 5 });
    await agent.runCommand('ls', { cwd: '/elsewhere', timeoutSeconds: 5 });
    await agent.fileBytes('a.txt');
    assert.equal(server.urls.at(-1)!.searchParams.get('path'), `${SANDBOX}/${ID}/a.txt`);
    assert.deepEqual(server.urls.filter((u) => u.pathname === '/api/git/changes').map((u) => u.searchParams.get('path')), [grouped]);
    assert.deepEqual(bodies.map((b) => [b.command.split(' ')[0], b.cwd]), [['git', grouped], ['ls', '/elsewhere'], ['pwd', grouped]], 'a command in the stated folder unless told another');
    assert.equal(server.urls.filter((u) => u.pathname === `/api/conversations/${ID}`).length, 1, 'the stated folder is read once');
  });

  it('refuses a patch larger than its cap without reading it all', async () => {
    const server = await serve(() => ({ body: new Uint8Array(2048) }));
    await assert.rejects(new Transport(options(server.url)).sendForBytes('/x', 1024), BadResponseError);
  });
});
