// The agent's changes of a real-work run read through the extension's own client (src/api: the app server's
// listChanges and agentFileText, the agent server's changes, patch and fileBytes), as the changes view and the
// apply read them: the model's statuses, the exact bytes of the binary and the Latin-1 file, a patch that
// `git apply --check`s and applies on a fresh repository holding only the base files, and the paused sandbox.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import { createClient } from '../support/client';
import { SandboxPausedError } from '../../src/api/changesErrors';
import { sessionCredential } from '../../src/api/http/credential';
import type { FetchFunction } from '../../src/api/http/transport';
import type { AgentServerApi, OpenHandsClient } from '../../src/api/client';
import { REAL_WORK_BYTES, REAL_WORK_CHANGES } from '../support/scriptedLlm/script';
import type { Client } from './target';
import type { Run } from './v1WorkChecks';

const fetchImpl = undiciFetch as unknown as FetchFunction;
/** What the script commits before its changes (its third step). */
const BASE_FILES: Record<string, string> = { 'base.txt': 'alpha\nbeta\ngamma\n', 'doomed.txt': 'to be removed\n', 'old-name.txt': 'moving\n' };
const STATUS = { ADDED: 'added', UPDATED: 'modified', DELETED: 'deleted', MOVED: 'moved' } as const;

export function extensionClient(client: Client): OpenHandsClient {
  const key = client.target.apiKey;
  return createClient(
    { baseUrl: client.target.baseUrl, fetch: fetchImpl, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 },
    { version: '1.11.0', settings: 'v1', conversations: 'v1', changes: 'v1', fileText: true },
  );
}

/** The agent server as the extension reaches it: its address and key from the app server, its host checked. */
async function agentOf(client: Client, run: Run): Promise<AgentServerApi> {
  const reach = await extensionClient(client).agentServer!(run.id);
  assert.ok(reach.reachable, `the agent server reachable (${reach.reachable ? '' : reach.reason})`);
  return reach.agent;
}

/** The app server's list and file text, in the model. */
export async function checkAppChanges(client: Client, run: Run, workspace: string): Promise<void> {
  const ours = extensionClient(client);
  const list = await ours.listChanges!(run.id, 'HEAD');
  assert.deepEqual(list, { base: { ref: 'HEAD', reason: 'head' }, files: REAL_WORK_CHANGES.map((c) => ({ path: c.path, status: STATUS[c.status] })) });
  assert.equal(await ours.agentFileText!(run.id, `${workspace}/base.txt`), 'alpha\nBETA\ngamma\n', 'exact, final newline kept');
  assert.equal(await ours.agentFileText!(run.id, `${workspace}/doomed.txt`), '', 'a deleted file: ""');
  assert.equal(await ours.agentFileText!(run.id, `${workspace}/latin1.txt`), '', 'not UTF-8: "" (the server decodes as UTF-8)');
  // Its per-file diff is no exact source: both final newlines dropped, and a deleted file fails.
  const diff = await client.get(`/api/v1/app-conversations/${run.id}/git/diff?path=base.txt&ref=HEAD`);
  assert.deepEqual([diff.status, diff.text], [200, '{"modified":"alpha\\nBETA\\ngamma","original":"alpha\\nbeta\\ngamma"}']);
  const deleted = await client.get(`/api/v1/app-conversations/${run.id}/git/diff?path=doomed.txt&ref=HEAD`);
  assert.deepEqual([deleted.status, deleted.text], [502, '{"detail":"Agent server error: 400"}']);
}

/** The agent server's list, exact file bytes, and a patch that applies on a fresh repository with the base files. */
export async function checkAgentChanges(client: Client, run: Run): Promise<void> {
  const agent = await agentOf(client, run);
  assert.deepEqual((await agent.changes('HEAD')).files.map((f) => f.path), REAL_WORK_CHANGES.map((c) => c.path));
  for (const [name, bytes] of Object.entries(REAL_WORK_BYTES)) assert.deepEqual(Buffer.from((await agent.fileBytes(name))!), bytes, name);
  assert.equal(await agent.fileBytes('doomed.txt'), null);
  const patch = await agent.patch('HEAD');
  assert.match(patch.baseCommit ?? '', /^[0-9a-f]{40}$/);
  applyOnFreshRepository(patch.bytes);
  // The workspace has no origin: the client knows so with its workspace, and the server's default patch agrees.
  assert.equal(await agent.defaultBaseIsEmptyTree!(), true, 'no origin ref, a branch checked out');
  assert.equal((await agent.patch(null)).baseCommit, null, 'the default base names no commit');
}

function applyOnFreshRepository(patch: Uint8Array): void {
  const repo = mkdtempSync(join(tmpdir(), 'changes-apply-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git('init', '-q');
    for (const [name, text] of Object.entries(BASE_FILES)) writeFileSync(join(repo, name), text);
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const patchFile = join(repo, '.git', 'agent.patch');
    writeFileSync(patchFile, patch);
    git('apply', '--check', patchFile);
    git('apply', patchFile);
    assert.equal(readFileSync(join(repo, 'base.txt'), 'utf8'), 'alpha\nBETA\ngamma\n');
    assert.equal(readFileSync(join(repo, 'new-name.txt'), 'utf8'), 'moving\n');
    assert.equal(readFileSync(join(repo, 'notes/added.md'), 'utf8'), '# Added\n\nA new file.\n');
    for (const [name, bytes] of Object.entries(REAL_WORK_BYTES)) assert.deepEqual(readFileSync(join(repo, name)), bytes, name);
    assert.deepEqual(['doomed.txt', 'old-name.txt'].filter((name) => existsSync(join(repo, name))), [], 'deleted and moved away');
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

/** While the sandbox is paused the list is a SandboxPausedError; resumed, it answers again. */
export async function checkPausedChanges(client: Client, run: Run): Promise<void> {
  const ours = extensionClient(client);
  await ours.stopConversation!(run.id);
  try {
    await assert.rejects(ours.listChanges!(run.id, 'HEAD'), SandboxPausedError);
  } finally {
    await ours.resumeConversation!(run.id);
  }
  assert.equal((await ours.listChanges!(run.id, 'HEAD')).files.length, REAL_WORK_CHANGES.length);
}
