// The agent line's conversations on a real run: started from the stored agent (read encrypted, sent with
// secrets_encrypted: the scripted LLM receives the stored key, which never left the server in plain), each in a
// folder of its own, run to finished by the scripted LLM; then found as the conversations view finds them (search
// pages, count, ids), renamed, and read as the transcript reads them (events search and count, the session
// socket's sync and durable frames, resumed after a seq). Observed answers: OBSERVED-AGENT.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { type AgentConversation, SCRIPTED_KEY, type Workspaces, jsonOf, startFromStored, storeScriptedLlm, untilStatus, userMessage, assertAgentJson } from './agentServer';
import { type Frame, sessionFrames } from './agentSocket';
import type { Client } from './target';

interface Page<T> { items: T[]; next_page_id: string | null }
interface Event { id: string; kind: string; source: string; timestamp: string }

/** What the later suites need from this one: two finished conversations; and the folders made (the last suite removes them). */
export interface AgentRunState { readonly workspaces: Workspaces; finished?: AgentConversation; idle?: AgentConversation }

export function agentConversationsSuite(client: Client, state: AgentRunState): void {
  const { workspaces } = state;
  let llm: ScriptedLlm | undefined;

  describe('agent line: conversations on a real run (start from the stored agent, finished, list, rename)', () => {
    before(async () => {
      llm = await startScriptedLlm({ keepBodies: true, finishMessage: 'Done: the agent line finished.' });
      await storeScriptedLlm(client, llm.baseUrl);
    });
    after(async () => { await llm?.close(); });

    it('a start with the stored agent (encrypted, secrets_encrypted) runs to finished; the LLM got the stored key', async () => {
      const folder = workspaces.make(true);
      const started = await startFromStored(client, folder, 'Say you are done.');
      assert.match(started.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.deepEqual([started.workspace, started.confirmation_policy.kind], [{ working_dir: folder, kind: 'LocalWorkspace' }, 'NeverConfirm']);
      state.finished = await untilStatus(client, started.id, 'finished');
      assert.ok(existsSync(`${folder}/.git`), 'a missing working_dir is created and git-initialised');
      const agentCalls = llm!.requests.filter((r) => r.tools.length > 0);
      assert.ok(agentCalls.some((r) => r.answered === 'finish'), JSON.stringify(llm!.requests));
      assert.deepEqual([...new Set(llm!.requests.map((r) => r.apiKey))], [SCRIPTED_KEY]);
    });

    it('a start without a message stays idle; a message with run: true runs it to finished', async () => {
      const started = await startFromStored(client, workspaces.make());
      assert.equal(started.execution_status, 'idle');
      const sent = await client.post(`/api/conversations/${started.id}/events`, JSON.stringify({ ...userMessage('Now finish.'), run: true }));
      assertAgentJson(sent, 200, '{"success":true}');
      state.idle = await untilStatus(client, started.id, 'finished');
    });

    it('a run in flight: /run is a 409; /pause lets the step in flight end, then paused; /run goes on to finished', async () => {
      // Two steps: a pause during the first LLM call takes effect after that step (a first step of finish would end the run).
      const slow = await startScriptedLlm({ delayMs: 1500, script: [{ tool: 'terminal', command: 'true' }, { tool: 'finish', message: 'Done.' }] });
      try {
        const started = await startFromStored(client, workspaces.make(), 'Take your time.', slow.baseUrl);
        await untilStatus(client, started.id, 'running', ['finished']);
        assertAgentJson(await client.post(`/api/conversations/${started.id}/run`, ''), 409, '{"detail":"Conversation already running. Wait for completion or pause first."}');
        assertAgentJson(await client.post(`/api/conversations/${started.id}/pause`, ''), 200, '{"success":true}');
        await untilStatus(client, started.id, 'paused', ['finished']);
        assertAgentJson(await client.post(`/api/conversations/${started.id}/run`, ''), 200, '{"success":true}');
        await untilStatus(client, started.id, 'finished');
      } finally {
        await slow.close();
      }
    });

    it('search (sorted by last update), count, ids with an unknown one: null in its place', async () => {
      const ids = [state.finished!.id, state.idle!.id];
      const page = jsonOf<Page<AgentConversation>>(await client.get('/api/conversations/search?limit=1&sort_order=UPDATED_AT_DESC'), 200);
      assert.equal(page.items.length, 1);
      assert.ok(page.next_page_id, 'a second page');
      const rest = jsonOf<Page<AgentConversation>>(await client.get(`/api/conversations/search?limit=100&sort_order=UPDATED_AT_DESC&page_id=${page.next_page_id}`), 200);
      const all = [...page.items, ...rest.items].map((c) => c.id);
      for (const id of ids) assert.ok(all.includes(id), `${id} listed`);
      assert.equal(new Set(all).size, all.length, 'no conversation twice');
      const count = jsonOf<number>(await client.get('/api/conversations/count'), 200);
      assert.equal(count, all.length);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const byId = jsonOf<(AgentConversation | null)[]>(await client.get(`/api/conversations?ids=${ids[0]}&ids=${unknown}`), 200);
      assert.deepEqual(byId.map((c) => c?.id ?? null), [ids[0], null]);
      assert.equal((await client.get('/api/conversations')).status, 422, 'ids is required');
      const finished = jsonOf<Page<AgentConversation>>(await client.get('/api/conversations/search?status=finished&limit=100'), 200);
      assert.ok(finished.items.every((c) => c.execution_status === 'finished'));
    });

    it('PATCH {title} renames (an empty title is a 422)', async () => {
      const id = state.finished!.id;
      assertAgentJson(await client.request('PATCH', `/api/conversations/${id}`, { body: JSON.stringify({ title: 'Renamed by the suite' }) }), 200, '{"success":true}');
      assert.equal(jsonOf<AgentConversation>(await client.get(`/api/conversations/${id}`), 200).title, 'Renamed by the suite');
      assert.equal((await client.request('PATCH', `/api/conversations/${id}`, { body: JSON.stringify({ title: '' }) })).status, 422);
    });
  });

  describe('agent line: a conversation\'s events (search, count, the session socket)', () => {
    it('events search pages (limit, page_id), count, kinds; the user message and the finish action among them', async () => {
      const id = state.finished!.id;
      const first = jsonOf<Page<Event>>(await client.get(`/api/conversations/${id}/events/search?limit=2&sort_order=TIMESTAMP`), 200);
      assert.equal(first.items.length, 2);
      assert.ok(first.next_page_id);
      const rest = jsonOf<Page<Event>>(await client.get(`/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP&page_id=${first.next_page_id}`), 200);
      const events = [...first.items, ...rest.items];
      assert.equal(jsonOf<number>(await client.get(`/api/conversations/${id}/events/count`), 200), events.length);
      const kinds = events.map((e) => `${e.source}:${e.kind}`);
      assert.ok(kinds.includes('user:MessageEvent') && kinds.includes('agent:ActionEvent'), kinds.join(' '));
      assert.equal(jsonOf<{ detail: unknown }>(await client.get(`/api/conversations/${id}/events/search?limit=101`), 422).detail !== undefined, true);
    });

    it('the session socket: sync {from_seq, through_seq}, durable frames 0…N in order; resumed after K: K+1…N', async () => {
      const id = state.finished!.id;
      const all = await sessionFrames(client.target, id, -1);
      const sync = all[0] as Frame & { from_seq: number | null; through_seq: number };
      assert.deepEqual([sync.type, sync.from_seq], ['sync', -1]);
      const durable = all.filter((f) => f.type === 'durable') as (Frame & { seq: number; event: Event })[];
      assert.deepEqual(durable.map((f) => f.seq), [...Array(sync.through_seq + 1).keys()]);
      const count = jsonOf<number>(await client.get(`/api/conversations/${id}/events/count`), 200);
      assert.equal(durable.length, count);
      const k = Math.floor(sync.through_seq / 2);
      const resumed = (await sessionFrames(client.target, id, k)).filter((f) => f.type === 'durable') as (Frame & { seq: number; event: Event })[];
      assert.deepEqual(resumed.map((f) => f.event.id), durable.slice(k + 1).map((f) => f.event.id));
    });
  });
}
