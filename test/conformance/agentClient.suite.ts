// The agent line through the extension's own client (src/api, connectClient as the extension builds it) against the
// real agent server: detected as an agent server, its settings read and changed without the key being lost (the
// mask is never sent back), a conversation started with the stored agent and run to finished by the scripted LLM in
// a folder of its own, listed (also by state), read, renamed, its events and changes read, a follow-up, a stop and a resume, a
// rejected action and going on, and a delete. The raw checks of the same routes are in agent*.suite.ts beside it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentServerApi, OpenHandsClient } from '../../src/api/client';
import type { ScriptStep } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { SCRIPTED_KEY, jsonOf, serverVersion, storeScriptedLlm, untilStatus } from './agentServer';
import { extensionClient } from './conversationList.suite';
import type { Client } from './target';

/** The agent writes one file and stages it (as an agent's git does), then finishes; a follow-up starts the script again. */
const SCRIPT: readonly ScriptStep[] = [{ tool: 'terminal', command: 'printf "from the agent\\n" > agent-note.txt && git add agent-note.txt' }, { tool: 'finish', message: 'Wrote the note.' }];
const NOTE = 'from the agent\n';

export function agentClientSuite(client: Client): void {
  let llm: ScriptedLlm | undefined;
  let api: OpenHandsClient;
  let id = '';
  const agentOf = async (conversationId = id): Promise<AgentServerApi> => {
    const reach = await api.agentServer!(conversationId);
    assert.ok(reach.reachable);
    return reach.agent;
  };
  const plainKey = async () => jsonOf<{ agent_settings: { llm: { api_key: string | null } } }>(
    await client.get('/api/settings', { headers: { 'X-Expose-Secrets': 'plaintext' } }), 200).agent_settings.llm.api_key;

  describe('agent line through the extension\'s client', () => {
    before(async () => {
      // Each answer waits: a stop has a run in flight to stop.
      llm = await startScriptedLlm({ script: SCRIPT, delayMs: 1500 });
      await storeScriptedLlm(client, llm.baseUrl);
      api = await extensionClient(client.target);
    });
    after(async () => { await llm?.close(); });

    it('detected as an agent server, with its version', async () => {
      assert.deepEqual([api.api.product, api.api.version, api.api.settings, api.api.conversations], ['agent-server', await serverVersion(client), 'agent', 'agent']);
    });

    it('settings: the key reads as set (never the mask); changing the model keeps the key on the server', async () => {
      const loaded = await api.loadSettings();
      assert.ok(loaded);
      assert.equal(loaded.llm_api_key_set, true);
      assert.notEqual(loaded.llm_api_key, '**********');
      await api.updateSettings({ llm_model: 'openai/gpt-4o' });
      await api.updateSettings({ max_iterations: 30 });
      assert.equal(await plainKey(), SCRIPTED_KEY);
      assert.equal((await api.loadSettings())?.max_iterations, 30);
    });

    it('a start with a message runs to finished in a folder of its own; listed and read as finished', async () => {
      const started = await api.createConversation({ initial_user_msg: 'Write the note.' });
      id = started.conversation_id;
      const info = await untilStatus(client, id, 'finished');
      assert.ok(info.workspace.working_dir.endsWith(`/${id}`), info.workspace.working_dir);
      const [summary] = await api.getConversations([id]);
      assert.deepEqual([summary?.id, summary?.state], [id, 'finished']);
      const page = await api.listConversations({ limit: 100 });
      assert.ok(page.items.some((c) => c.id === id));
    });

    it('by state (`search?status=`): the finished one among the finished, every one listed finished; not among the running', async () => {
      const all: string[] = [];
      let pageId: string | undefined;
      do {
        const page = await api.listByState!({ states: ['finished', 'stopped'], limit: 2, ...(pageId ? { pageId } : {}) });
        assert.ok(page.items.every((c) => c.state === 'finished' || c.state === 'stopped'), JSON.stringify(page.items.map((c) => c.state)));
        all.push(...page.items.map((c) => c.id));
        pageId = page.nextPageId ?? undefined;
      } while (pageId);
      assert.ok(all.includes(id));
      assert.equal(new Set(all).size, all.length, 'none twice');
      assert.ok(!(await api.listByState!({ states: ['running'], limit: 100 })).items.some((c) => c.id === id));
    });

    it('its events: the user message, the agent\'s calls; the file the agent wrote, exact bytes', async () => {
      const agent = await agentOf();
      const window = await agent.events.latest(100);
      const kinds = window.events.map((e) => (e.kind === 'action' ? `action:${e.tool}` : e.kind));
      assert.ok(window.events.some((e) => e.kind === 'message' && e.text === 'Write the note.'), kinds.join(' '));
      assert.ok(kinds.includes('action:terminal') && kinds.includes('action:finish'), kinds.join(' '));
      assert.equal(Buffer.from(await agent.fileBytes('agent-note.txt') ?? []).toString('utf8'), NOTE);
    });

    // The conversation's own route with its absolute workspace (OBSERVED-AGENT.md §8): `/api/git/changes?path=.` read the
    // server's process folder, an empty list, before the agent line scoped its routes (scopedTransport.ts).
    it('its changes list the file the agent wrote', async () => {
      const changes = await (await agentOf()).changes(null);
      assert.deepEqual(changes.files.map((f) => [f.status, f.path]), [['added', 'agent-note.txt']]);
    });

    // An agent server `git init`s a new workspace only where git finds no repository around it (event_service.py
    // 1210-1235 of 1.58.2: `git rev-parse --git-dir`). Under a home that is a repository (dotfiles), the agent's git
    // worked in that repository (its `git add` staged into the person's index); the server's changes route reads a
    // subfolder alone (`--relative`). The client makes the workspace a repository before the task goes.
    it('a server whose home is a git repository: the agent\'s git works in a repository of its own; the home\'s is untouched', async () => {
      const home = jsonOf<{ home: string }>(await client.get('/api/file/home'), 200).home;
      const git = (...args: string[]) => execFileSync('git', ['-C', home, '-c', 'user.name=Suite', '-c', 'user.email=suite@example.invalid', ...args], { encoding: 'utf8' });
      git('init', '-q');
      writeFileSync(join(home, 'dotfile.txt'), 'kept\n');
      git('add', 'dotfile.txt');
      git('commit', '-qm', 'dotfiles');
      writeFileSync(join(home, 'dotfile.txt'), 'kept, edited\n');
      const head = git('rev-parse', 'HEAD');
      try {
        const started = await api.createConversation({ initial_user_msg: 'Write the note.' });
        await untilStatus(client, started.conversation_id, 'finished');
        const changes = await (await agentOf(started.conversation_id)).changes(null);
        assert.deepEqual(changes.files.map((f) => [f.status, f.path]), [['added', 'agent-note.txt']]);
        const inHome = [git('rev-parse', 'HEAD'), git('diff', '--cached', '--name-only'), readFileSync(join(home, 'dotfile.txt'), 'utf8')];
        assert.deepEqual(inHome, [head, '', 'kept, edited\n'], 'the home repository as it was: nothing staged there');
        await api.deleteConversation!(started.conversation_id);
      } finally {
        rmSync(join(home, '.git'), { recursive: true, force: true });
        rmSync(join(home, 'dotfile.txt'), { force: true });
      }
    });

    it('rename; a follow-up runs again; stop while it runs leaves it paused; resume goes on to finished', async () => {
      await api.renameConversation!(id, 'Note writer');
      assert.equal((await api.getConversations([id]))[0]?.title, 'Note writer');
      const asked = llm!.requests.length;
      await api.sendMessage!(id, { text: 'Once more.' });
      await untilStatus(client, id, 'running', []);
      assert.ok(llm!.requests.length >= asked);
      await api.stopConversation!(id);
      assert.equal(api.stopLeaves, 'paused');
      await untilStatus(client, id, 'paused', ['finished']);
      assert.equal((await api.getConversations([id]))[0]?.state, 'paused');
      await api.resumeConversation!(id);
      await untilStatus(client, id, 'finished');
    });

    it('delete: gone from the list and from a read by id', async () => {
      await api.deleteConversation!(id);
      assert.deepEqual(await api.getConversations([id]), []);
      assert.ok(!(await api.listConversations({ limit: 100 })).items.some((c) => c.id === id));
    });
  });
}
