// Handing a folder to a conversation (issue 30) through the extension's client and its hand-over
// (core/handover/handOver.ts): a start without a message (READY, idle, no message), the snapshot's bundle
// uploaded to the agent server and unpacked with one command, then the task; the scripted LLM's agent cats the
// uncommitted edit and the untracked file and edits one; the changes list holds only that edit, the files' bytes are
// exact, and the git-delta patch, based on the snapshot commit, applies exactly to a copy of the local folder. Run
// twice: in a sandbox of its own (the agent server's folder is the workspace), then with the settings grouping
// conversations (`sandbox_grouping_strategy: GROUP_BY_NEWEST`, saved before the start: the conversation joins the
// newest running sandbox, its workspace `./<id hex>` below that agent server's folder, openhands-agent-server.md §9).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { connectClient } from '../../src/api/createClient';
import { sessionCredential } from '../../src/api/http/credential';
import type { FetchFunction } from '../../src/api/http/transport';
import type { AgentServerApi, OpenHandsClient } from '../../src/api/client';
import { handOver } from '../../src/core/handover/handOver';
import { ADDED_TEXT, EDITED_TEXT, makeTestFolder, type TestFolder } from '../support/handOverFolder';
import type { ScriptStep } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { SETTINGS_STORED, assertJson } from './expected';
import { type Client, sleep } from './target';

export const HANDOVER_TASK = 'Read edited.txt and added.txt, then change edited.txt.';
const AGENT_EDITED = 'alpha\nbeta edited by the agent\n';
const HANDOVER_SCRIPT: readonly ScriptStep[] = [
  { tool: 'terminal', command: 'pwd', thought: 'Where is the workspace?' },
  { tool: 'terminal', command: 'cat edited.txt added.txt && ls -a' },
  { tool: 'file_editor', command: 'str_replace', path: 'edited.txt', old_str: 'beta edited locally', new_str: 'beta edited by the agent' },
  { tool: 'finish', message: 'Changed edited.txt.' },
];
const LIMIT_MS = 240_000;

/** `workspace.working_dir` of the conversation on its agent server, read as the conversation's own key reads it. */
async function workingDirOf(client: Client, id: string): Promise<string> {
  const [c] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${id}`)).text) as { conversation_url: string; session_api_key: string }[];
  const answer = await fetch(c.conversation_url, { headers: { 'X-Session-API-Key': c.session_api_key } });
  return ((await answer.json()) as { workspace: { working_dir: string } }).workspace.working_dir;
}

interface Observed { kind: string; source: string; observation?: { content?: { text?: string }[] }; llm_message?: { content: { text?: string }[] } }

/** The grouping saved before the start; NO_GROUPING again afterwards (the later suites start conversations of their own). */
const grouping = (strategy: string) => JSON.stringify({ sandbox_grouping_strategy: strategy });

export function v1HandOverSuite(client: Client, options: { grouped?: boolean } = {}): void {
  const state: { llm?: ScriptedLlm; folder?: TestFolder; ours?: OpenHandsClient; id?: string; agent?: AgentServerApi; requests: string[] } = { requests: [] };
  const title = options.grouped ? ', in a sandbox that groups conversations (issue 42)' : '';

  describe(`V1: a folder handed to a conversation, then its task (issue 30)${title}`, () => {
    before(async () => {
      if (options.grouped) assertJson(await client.post('/api/v1/settings', grouping('GROUP_BY_NEWEST')), 200, SETTINGS_STORED);
      state.llm = await startScriptedLlm({ script: HANDOVER_SCRIPT });
      state.folder = makeTestFolder();
      const fetch: FetchFunction = (url, init) => { state.requests.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`); return (undiciFetch as unknown as FetchFunction)(url, init); };
      state.ours = await connectClient({ baseUrl: client.target.baseUrl, fetch, getCredential: async () => sessionCredential(client.target.apiKey), timeoutMs: 30_000 });
      state.requests.length = 0;
    });
    after(async () => {
      if (options.grouped) assertJson(await client.post('/api/v1/settings', grouping('NO_GROUPING')), 200, SETTINGS_STORED);
      await state.llm?.close();
      state.folder?.remove();
    });

    it('start without a message → upload → unpack → task, through the hand-over', async (t) => {
      const llm = { model: 'openai/gpt-4o', api_key: 'sk-scripted', base_url: state.llm!.baseUrl, num_retries: 0 };
      assertJson(await client.post('/api/v1/settings', JSON.stringify({ agent_settings_diff: { llm } })), 200, SETTINGS_STORED);
      const ours = state.ours!;
      assert.ok(ours.sendMessage && ours.agentServer, 'the line offers a task after the start and its agent server');
      const steps: string[] = [];
      const started = Date.now();
      state.id = await handOver(ours, {
        bundle: state.folder!, unpackCommand: state.folder!.unpackCommand, task: { text: HANDOVER_TASK },
        onProgress: (p) => { if (steps.at(-1) !== p.step) steps.push(p.step); },
      });
      t.diagnostic(`handed over in ${((Date.now() - started) / 1000).toFixed(1)} s, ${state.folder!.bundleBytes} bytes, ${state.requests.length} requests: ${state.requests.join(', ')}`);
      assert.deepEqual(steps, ['start', 'upload', 'unpack', 'task']);
      const reach = await ours.agentServer(state.id);
      assert.ok(reach.reachable);
      state.agent = reach.agent;
      assert.equal(await workingDirOf(client, state.id), options.grouped ? `./${state.id}` : '.', 'the workspace as the agent server states it');
    });

    it('the agent read the uncommitted edit and the untracked file, not the ignored ones, and finished', async () => {
      const id = state.id!;
      const deadline = Date.now() + LIMIT_MS;
      for (;;) {
        const [c] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${id}`)).text) as { execution_status: string | null }[];
        assert.notEqual(c?.execution_status, 'error');
        if (c?.execution_status === 'finished') break;
        assert.ok(Date.now() < deadline, 'finished in time');
        await sleep(500);
      }
      const events = (await state.agent!.events.since(undefined)).map((e) => e as unknown as Observed);
      const texts = JSON.stringify(events);
      assert.ok(texts.includes(JSON.stringify(EDITED_TEXT + ADDED_TEXT).slice(1, -1)), 'the cat showed the edit and the untracked file');
      assert.ok(!texts.includes('ignored.log') && !/\\n\.env\\n/.test(texts), 'ls -a lists neither the ignored file nor .env');
      assert.equal(await state.ours!.firstMessage!(id) ?? HANDOVER_TASK, HANDOVER_TASK);
    });

    it('the changes list holds only the agent\'s edit; the patch is based on the snapshot and applies exactly to a copy of the folder', async () => {
      const agent = state.agent!;
      const folder = state.folder!;
      assert.deepEqual((await agent.changes(null)).files, [{ path: 'edited.txt', status: 'modified' }]);
      const patch = await agent.patch('HEAD');
      assert.equal(patch.baseCommit, folder.commit);
      const copy = join(mkdtempSync(join(tmpdir(), 'handover-copy-')), 'folder');
      try {
        cpSync(folder.dir, copy, { recursive: true });
        const patchFile = join(copy, '..', 'agent.patch');
        writeFileSync(patchFile, patch.bytes);
        execFileSync('git', ['apply', '--check', patchFile], { cwd: copy });
        execFileSync('git', ['apply', patchFile], { cwd: copy });
        assert.equal(readFileSync(join(copy, 'edited.txt'), 'utf8'), AGENT_EDITED);
        assert.equal(readFileSync(join(copy, 'added.txt'), 'utf8'), ADDED_TEXT);
        for (const [name, text] of [['edited.txt', AGENT_EDITED], ['added.txt', ADDED_TEXT]]) {
          assert.deepEqual(Buffer.from((await agent.fileBytes(name))!), Buffer.from(text), `${name}: the exact bytes`);
        }
        assert.equal(readFileSync(join(folder.dir, 'edited.txt'), 'utf8'), EDITED_TEXT, 'the person\'s folder untouched');
      } finally {
        rmSync(join(copy, '..'), { recursive: true, force: true });
      }
    });
  });
}
