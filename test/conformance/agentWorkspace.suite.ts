// The agent line's conversation-scoped workspace routes, as Changes, Apply, Review and Send This Folder use them:
// `/api/conversations/{id}/bash/execute_bash_command` (cwd inside the workspace, or none: the workspace),
// `git/changes`, `git/diff` (it drops a final newline; an added file's original is '', not null), `file/download`
// (exact bytes) and `file/upload` (multipart field `file`). A path or cwd outside the workspace, or a relative one,
// is a 422 on each.
// Observed answers: OBSERVED-AGENT.md.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentRunState } from './agentConversations.suite';
import { jsonOf, olderThan, serverVersion } from './agentServer';
import type { Client } from './target';

interface BashOutput { kind: string; exit_code: number; stdout: string | null; stderr: string | null }

const OUTSIDE = '{"detail":"path must be inside the conversation workspace"}';
const GIT = 'git -c user.name=Suite -c user.email=suite@example.invalid';
/** Bytes no text decoder keeps: the round trip must be exact. */
const BINARY = Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80, 0x0a, 0x0d, 0x0a, 0xc3, 0x28]);

export function agentWorkspaceSuite(client: Client, state: AgentRunState): void {
  const scope = () => `/api/conversations/${state.idle!.id}`;
  const folder = () => state.idle!.workspace.working_dir;
  const bash = (command: string, cwd?: string) =>
    client.post(`${scope()}/bash/execute_bash_command`, JSON.stringify({ command, timeout: 30, ...(cwd === undefined ? {} : { cwd }) }));
  const at = (route: string, path: string) => `${scope()}/${route}?path=${encodeURIComponent(path)}`;

  describe('agent line: a conversation\'s workspace (bash, git/changes, git/diff, file download and upload)', () => {
    it('bash: cwd defaults to the workspace; a cwd inside it works; one outside is a 422', async () => {
      const here = jsonOf<BashOutput>(await bash('pwd'), 200);
      assert.deepEqual([here.kind, here.exit_code, here.stdout], ['BashOutput', 0, `${folder()}\n`]);
      const made = await bash(`mkdir -p sub && printf 'one\\ntwo\\n' > base.txt && ${GIT} add base.txt && ${GIT} commit -qm base && printf 'one\\nTWO\\n' > base.txt && printf 'new\\n' > sub/added.txt && echo ok`, folder());
      assert.deepEqual(jsonOf<BashOutput>(made, 200).stdout, 'ok\n');
      assert.equal(jsonOf<BashOutput>(await bash('pwd', `${folder()}/sub`), 200).stdout, `${folder()}/sub\n`);
      const outside = jsonOf<{ detail: string }>(await bash('pwd', '/tmp'), 422);
      assert.equal(outside.detail, 'cwd must be inside the conversation workspace');
      assert.equal((await bash('pwd', `${folder()}/../`)).status, 422);
    });

    it('git/changes lists the changes against HEAD; a path outside or relative is a 422', async () => {
      const changes = jsonOf<{ status: string; path: string }[]>(await client.get(at('git/changes', folder())), 200);
      assert.deepEqual([...changes].sort((a, b) => a.path.localeCompare(b.path)), [{ status: 'UPDATED', path: 'base.txt' }, { status: 'ADDED', path: 'sub/added.txt' }]);
      for (const path of ['/tmp', 'base.txt', `${folder()}/../x`]) {
        const answer = await client.get(at('git/changes', path));
        assert.deepEqual([answer.status, answer.text], [422, OUTSIDE], path);
      }
    });

    it('git/diff: original and modified, each without its final newline', async () => {
      const diff = jsonOf<{ original: string | null; modified: string | null }>(await client.get(at('git/diff', `${folder()}/base.txt`)), 200);
      assert.deepEqual([diff.original, diff.modified], ['one\ntwo', 'one\nTWO']);
      const added = jsonOf<{ original: string | null; modified: string | null }>(await client.get(at('git/diff', `${folder()}/sub/added.txt`)), 200);
      assert.deepEqual([added.original, added.modified], ['', 'new'], 'an added file: original is empty, not null');
      assert.equal((await client.get(at('git/diff', '/etc/hostname'))).status, 422);
    });

    it('file/upload (multipart `file`) then file/download: the exact bytes; outside the workspace: 422', async () => {
      const path = `${folder()}/sub/upload.bin`;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(BINARY)]), 'upload.bin');
      const headers = { 'X-Session-API-Key': client.target.apiKey ?? '' };
      const uploaded = await fetch(`${client.target.baseUrl}${at('file/upload', path)}`, { method: 'POST', headers, body: form });
      // 1.50.1 answers {"success":true} alone.
      const sized = !olderThan(await serverVersion(client), '1.58.2');
      assert.deepEqual([uploaded.status, await uploaded.json()], [200, { success: true, ...(sized ? { file_size: BINARY.length } : {}) }]);
      const down = await fetch(`${client.target.baseUrl}${at('file/download', path)}`, { headers });
      assert.equal(down.status, 200);
      assert.deepEqual(Buffer.from(await down.arrayBuffer()), BINARY);
      const text = await client.get(at('file/download', `${folder()}/base.txt`));
      assert.deepEqual([text.status, text.text], [200, 'one\nTWO\n']);
      const outside = await fetch(`${client.target.baseUrl}${at('file/upload', '/tmp/agent-line-outside.bin')}`, { method: 'POST', headers, body: form });
      assert.equal(outside.status, 422);
      assert.equal((await client.get(at('file/download', '/etc/hostname'))).status, 422);
    });
  });
}
