// Real work, driven by the scripted LLM's real-work script (test/support/scriptedLlm/script.ts): one conversation
// without a repository (no provider token, no network here: the scripted agent commits base files first), run to
// finished on the real 1.11.0 and 1.6.0 and on the stand-ins alike, then read as the transcript and the changes
// view will read it: the agent server's events (conversation_url, its own key; next_page_id an event id), the app
// server's (after the webhook lag, offset paging), the kinds and fields, each observation paired with its action,
// the order, the keys, and the files the workspace ended with (git/changes, file download).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REAL_WORK_BYTES, REAL_WORK_CHANGES, REAL_WORK_FILES, REAL_WORK_SCRIPT, REAL_WORK_TASK } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { SETTINGS_STORED, UNAUTHORIZED, assertJson } from './expected';
import { type Client, sleep } from './target';
import { checkAgentChanges, checkAppChanges, checkPausedChanges } from './v1Changes';
import { checkAgentEventsThroughClient, checkAppEventsThroughClient, checkTrajectoryThroughClient } from './v1EventsClient';
import { type Run, type WorkEvent, checkActions, checkObservations, checkStatusOrder, transcript } from './v1WorkChecks';

const LIMIT_MS = 240_000;
/** The real app server's copy lags by up to 30 s after the last event (webhook batches). */
const LAG_LIMIT_MS = 90_000;

interface Page { items: WorkEvent[]; next_page_id: string | null }

export async function until<T>(what: string, limitMs: number, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `no ${what} after ${limitMs / 1000} s`);
    await sleep(500);
  }
}

export const agentGet = (run: Run, path: string, key: string | null = run.agentKey): Promise<Response> =>
  fetch(`${run.agentBase}${path}`, { headers: key === null ? {} : { 'X-Session-API-Key': key } });

export async function agentEvents(run: Run, query: string): Promise<Page> {
  const answer = await agentGet(run, `/api/conversations/${run.id}/events/search?${query}`);
  assert.equal(answer.status, 200);
  return await answer.json() as Page;
}

async function appEvents(client: Client, id: string): Promise<WorkEvent[]> {
  const all: WorkEvent[] = [];
  for (let page: string | null = '0'; page !== null;) {
    const answer = await client.get(`/api/v1/conversation/${id}/events/search?limit=100&page_id=${page}`);
    assertJson(answer, 200, /^\{"items":\[/);
    const parsed = JSON.parse(answer.text) as Page;
    all.push(...parsed.items);
    page = parsed.next_page_id;
  }
  return all;
}

const finishedIn = (events: readonly WorkEvent[]) => events.some((e) => e.kind === 'ConversationStateUpdateEvent' && e.key === 'execution_status' && e.value === 'finished');

export async function setLlm(client: Client, baseUrl: string): Promise<void> {
  if (client.target.api === 'mixed') {
    const body = JSON.stringify({ llm_model: 'openai/gpt-4o', llm_api_key: 'sk-scripted', llm_base_url: baseUrl });
    return assertJson(await client.post('/api/settings', body), 200, SETTINGS_STORED);
  }
  const llm = { model: 'openai/gpt-4o', api_key: 'sk-scripted', base_url: baseUrl, num_retries: 0 };
  assertJson(await client.post('/api/v1/settings', JSON.stringify({ agent_settings_diff: { llm } })), 200, SETTINGS_STORED);
}

/** Starts the conversation and follows it to finished; the run's addresses and keys. */
async function startAndFinish(client: Client): Promise<Run & { readyMs: number; finishedMs: number }> {
  const started = Date.now();
  const body = JSON.stringify({ initial_message: { content: [{ type: 'text', text: REAL_WORK_TASK }] } });
  const task = JSON.parse((await client.post('/api/v1/app-conversations', body)).text) as { id: string };
  const id = await until('READY start task', LIMIT_MS, async () => {
    const [t] = JSON.parse((await client.get(`/api/v1/app-conversations/start-tasks?ids=${task.id}`)).text) as { status: string; detail: string | null; app_conversation_id: string }[];
    assert.notEqual(t.status, 'ERROR', `start task ERROR: ${t.detail}`);
    return t.status === 'READY' ? t.app_conversation_id : undefined;
  });
  const readyMs = Date.now() - started;
  const c = await until('finished', LIMIT_MS, async () => {
    const [found] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${id}`)).text) as { execution_status: string | null; conversation_url: string; session_api_key: string }[];
    assert.notEqual(found.execution_status, 'error');
    return found.execution_status === 'finished' ? found : undefined;
  });
  const url = new URL(c.conversation_url);
  assert.equal(url.pathname, `/api/conversations/${id}`);
  return { id, agentBase: url.origin, agentKey: c.session_api_key, readyMs, finishedMs: Date.now() - started, events: [] };
}

const PATCH_HEADERS = [
  'diff --git a/base.txt b/base.txt', 'diff --git a/doomed.txt b/doomed.txt', 'diff --git a/image.bin b/image.bin',
  'diff --git a/latin1.txt b/latin1.txt', 'diff --git a/old-name.txt b/new-name.txt', 'rename from old-name.txt',
  'rename to new-name.txt', 'diff --git a/notes/added.md b/notes/added.md',
];

/** 1.11.0's agent server: a file's diff (final newlines dropped) and the git-delta patch against HEAD. */
async function checkDiffAndPatch(run: Run): Promise<void> {
  const diff = await agentGet(run, '/api/git/diff?path=base.txt&ref=HEAD');
  assert.deepEqual([diff.status, await diff.text()], [200, '{"modified":"alpha\\nBETA\\ngamma","original":"alpha\\nbeta\\ngamma"}']);
  const gone = await agentGet(run, '/api/git/diff?path=doomed.txt&ref=HEAD');
  assert.equal(gone.status, 400, 'a deleted file has no diff');
  const workspace = run.events.find((e) => e.observation?.metadata?.working_dir)!.observation!.metadata!.working_dir;
  const archive = await agentGet(run, `/api/file/archive?path=${encodeURIComponent(workspace)}&format=git-delta&base_ref=HEAD`);
  assert.deepEqual([archive.status, archive.headers.get('x-archive-base-ref')], [200, 'HEAD']);
  assert.match(archive.headers.get('x-archive-base-commit') ?? '', /^[0-9a-f]{40}$/);
  const patch = await archive.text();
  const headers = patch.split('\n').filter((line) => line.startsWith('diff --git') || line.startsWith('rename '));
  assert.deepEqual(headers, PATCH_HEADERS, 'each change, the move as a rename (seen on 1.11.0)');
  assert.match(patch, /GIT binary patch/);
  assert.ok(!patch.includes('.openhands-agent-server.log') && !patch.includes('a/workspace/'), 'ignored files left out');
}

export function v1WorkSuite(client: Client): void {
  const state: { llm?: ScriptedLlm; run?: Run } = {};
  const mixed = client.target.api === 'mixed';

  describe('V1: real work driven by the scripted LLM (a conversation without a repository)', () => {
    before(async () => { state.llm = await startScriptedLlm({ script: REAL_WORK_SCRIPT }); });
    after(() => state.llm?.close());

    it('the LLM at the scripted LLM; started, run to finished', async (t) => {
      await setLlm(client, state.llm!.baseUrl);
      const run = await startAndFinish(client);
      state.run = run;
      t.diagnostic(`READY after ${(run.readyMs / 1000).toFixed(1)} s, finished after ${(run.finishedMs / 1000).toFixed(1)} s`);
      const steps = state.llm!.requests.filter((r) => r.tools.length > 0).map((r) => r.answered);
      assert.deepEqual(steps, REAL_WORK_SCRIPT.map((s) => ('tool' in s ? s.tool : 'text')), 'each step reached the LLM once');
    });

    it('the agent server: the conversation, events paged by event id, the count; 401 without its key or with the app server\'s', async (t) => {
      const run = state.run!;
      const conversation = await (await agentGet(run, `/api/conversations/${run.id}`)).json() as { execution_status: string; workspace: { working_dir: string } };
      assert.deepEqual([conversation.execution_status, conversation.workspace.working_dir], ['finished', '.']);
      const whole = await agentEvents(run, 'limit=100');
      assert.equal(whole.next_page_id, null);
      run.events = whole.items;
      t.diagnostic(`${whole.items.length} events in the agent server`);
      const first = await agentEvents(run, 'limit=5');
      assert.deepEqual([first.items.map((e) => e.id), first.next_page_id], [whole.items.slice(0, 5).map((e) => e.id), whole.items[5].id]);
      const second = await agentEvents(run, `limit=5&page_id=${first.next_page_id}`);
      assert.deepEqual(second.items.map((e) => e.id), whole.items.slice(5, 10).map((e) => e.id));
      assert.equal(await (await agentGet(run, `/api/conversations/${run.id}/events/count`)).json(), whole.items.length);
      for (const key of [null, client.target.apiKey ?? 'wrong']) {
        const refused = await agentGet(run, `/api/conversations/${run.id}/events/search`, key);
        assert.deepEqual([refused.status, await refused.text()], [401, UNAUTHORIZED]);
      }
    });

    it('the transcript (agent server): kinds, fields, each observation after its action, statuses in order', () => {
      const events = state.run!.events;
      const { user, actions, observations } = transcript(events);
      assert.deepEqual(user.map((e) => e.llm_message?.content.map((c) => c.text).join('')), [REAL_WORK_TASK]);
      checkActions(actions, !mixed);
      checkObservations(events, actions, observations);
      checkStatusOrder(events);
    });

    it('the app server\'s events: the same transcript once the webhook lag is over, offset paging, 401', async (t) => {
      const run = state.run!;
      const since = Date.now();
      const events = await until('final events in the app server', LAG_LIMIT_MS, async () => {
        const all = await appEvents(client, run.id);
        return finishedIn(all) ? all : undefined;
      });
      t.diagnostic(`the app server had the final events ${((Date.now() - since) / 1000).toFixed(1)} s after finished was read; ${events.length} events`);
      const ids = (list: readonly WorkEvent[]) => list.filter((e) => ['MessageEvent', 'ActionEvent', 'ObservationEvent'].includes(e.kind)).map((e) => e.id);
      assert.deepEqual(ids(events), ids(run.events), 'the same transcript, in the same order');
      const stamps = events.map((e) => e.timestamp);
      assert.deepEqual(stamps, [...stamps].sort(), 'oldest first');
      const paged = JSON.parse((await client.get(`/api/v1/conversation/${run.id}/events/search?limit=5`)).text) as Page;
      assert.equal(paged.next_page_id, '5');
      const actions = JSON.parse((await client.get(`/api/v1/conversation/${run.id}/events/search?kind__eq=ActionEvent`)).text) as Page;
      assert.deepEqual(actions.items.map((e) => e.tool_name), REAL_WORK_SCRIPT.map((s) => ('tool' in s ? s.tool : '')));
      assertJson(await client.request('GET', `/api/v1/conversation/${run.id}/events/search`, { key: null }), 401, UNAUTHORIZED);
    });

    it('the events through the extension\'s client: the agent server (own key, mapped, paged by id, since, 401) and the app server\'s copy (offset pages, the overlap, 401)', async () => {
      const run = state.run!;
      await checkAgentEventsThroughClient(client, run);
      await checkAppEventsThroughClient(client, run);
    });

    it('the server\'s zip of the conversation through the extension\'s client', { skip: !client.target.name.startsWith('real') && 'the stand-in serves no download yet' }, async () => {
      await checkTrajectoryThroughClient(client, state.run!);
    });

    it(`the workspace ended with the script's files (${mixed ? 'agent server git/changes: 1.6.0 compares with the empty tree' : 'app server git/changes?ref=HEAD, git/diff, the git-delta patch'}), bytes intact`, async () => {
      const run = state.run!;
      if (mixed) {
        assertJson(await client.get(`/api/v1/app-conversations/${run.id}/git/changes?path=.&ref=HEAD`), 404, '{"detail":"Not Found"}');
        const listed = await (await agentGet(run, '/api/git/changes?path=.&ref=HEAD')).json() as { status: string; path: string }[];
        assert.deepEqual(listed, REAL_WORK_FILES.map((path) => ({ status: 'ADDED', path })));
      } else {
        assertJson(await client.get(`/api/v1/app-conversations/${run.id}/git/changes?path=.&ref=HEAD`), 200, JSON.stringify(REAL_WORK_CHANGES));
        assert.deepEqual(await (await agentGet(run, '/api/git/changes?path=.&ref=HEAD')).json(), REAL_WORK_CHANGES);
      }
      if (!mixed) await checkDiffAndPatch(run);
      const workspace = run.events.flatMap((e) => (e.observation?.metadata?.working_dir ? [e.observation.metadata.working_dir] : []))[0];
      for (const [name, bytes] of Object.entries(REAL_WORK_BYTES)) {
        const answer = await agentGet(run, `/api/file/download?path=${encodeURIComponent(`${workspace}/${name}`)}`);
        assert.deepEqual([answer.status, Buffer.from(await answer.arrayBuffer())], [200, bytes], name);
      }
    });

    it('the changes through the extension\'s client: the list and texts (app server), exact bytes and a patch that applies (agent server), the paused sandbox', { skip: mixed && '1.6.0 lists no changes route for V1 conversations' }, async () => {
      const run = state.run!;
      const workspace = run.events.flatMap((e) => (e.observation?.metadata?.working_dir ? [e.observation.metadata.working_dir] : []))[0];
      await checkAppChanges(client, run, workspace);
      await checkAgentChanges(client, run);
      await checkPausedChanges(client, run);
    });
  });
}
