// A real agent run to its end (1.11.0): the real server's LLM pointed at the project's scripted LLM
// (test/support/scriptedLlm), which answers with the agent's finish tool; a conversation is started and followed
// from starting (its start task) to running to finished, then given a follow-up (running, finished again) and
// given a review of its changes as the extension sends it (one follow-up: one user MessageEvent, the next run to
// finished) and stopped (its sandbox paused). The stand-in does the same on its own (POST /_test/agent, --control).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OpenHandsClient } from '../../src/api/client';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { extensionClient } from './conversationList.suite';
import { assertJson } from './expected';
import { SETTINGS_STORED } from './expected';
import { type Client, sleep } from './target';
import { checkReviewArrived, reviewFollowUp, userMessages } from './v1Review';

/** Each LLM answer waits this long, so that a poller twice a second sees the agent running. */
const LLM_DELAY_MS = 3000;
const LIMIT_MS = 240_000;
/** The stand-in's runs: long enough for two polls. */
const STANDIN_RUN_MS = 1500;

interface Seen { readonly at: number; readonly status: string }

/** Polls the conversation twice a second until `until` is seen, keeping each change of `sandbox / execution`. */
async function watch(client: Client, id: string, until: string, since: number, seen: Seen[]): Promise<void> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const [c] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${id}`)).text) as { sandbox_status: string; execution_status: string | null }[];
    const status = `${c.sandbox_status} / ${c.execution_status}`;
    if (seen.at(-1)?.status !== status) seen.push({ at: Date.now() - since, status });
    if (c.execution_status === until) return;
    assert.ok(Date.now() < deadline, `no ${until} after ${LIMIT_MS / 1000} s (seen: ${shown(seen)})`);
    await sleep(500);
  }
}

const shown = (seen: Seen[]) => seen.map((s) => `${s.status} at ${(s.at / 1000).toFixed(1)} s`).join(' → ');

export function v1FinishSuite(client: Client): void {
  const run: { llm?: ScriptedLlm; api?: OpenHandsClient; id?: string } = {};
  const real = !client.target.control;

  describe('V1: a run to finished with the scripted LLM', () => {
    before(async () => {
      if (real) run.llm = await startScriptedLlm({ delayMs: LLM_DELAY_MS, keepBodies: true });
    });
    after(() => run.llm?.close());

    it(real ? 'the LLM at the scripted LLM (settings diff)' : 'the agent runs end on their own (POST /_test/agent)', async () => {
      if (!real) return assertJson(await client.post('/_test/agent', JSON.stringify({ runMs: STANDIN_RUN_MS })), 200, /^\{"ok": ?true\}$/);
      const llm = { model: 'openai/gpt-4o', api_key: 'sk-scripted', base_url: run.llm!.baseUrl, num_retries: 0 };
      assertJson(await client.post('/api/v1/settings', JSON.stringify({ agent_settings_diff: { llm } })), 200, SETTINGS_STORED);
    });

    it('starting (the start task) → running → finished, seen by the raw API and as the client\'s states', async (t) => {
      run.api = await extensionClient(client.target);
      const started = Date.now();
      const steps: string[] = [];
      const conversation = await run.api.createConversation({ initial_user_msg: 'Say you are done.' }, { onProgress: (step) => steps.push(step) });
      run.id = conversation.conversation_id;
      const distinct = steps.filter((step, i) => step !== steps[i - 1]);
      const seen: Seen[] = [{ at: Date.now() - started, status: `READY after ${distinct.join(', ')}` }];
      await watch(client, run.id, 'finished', started, seen);
      t.diagnostic(`start to finished: ${shown(seen)}`);
      assert.ok(steps.length > 0, 'the start task was seen starting');
      assert.ok(seen.some((s) => s.status === 'RUNNING / running'), `running seen (${shown(seen)})`);
      const [summary] = await run.api.getConversations([run.id]);
      assert.deepEqual([summary?.state, summary?.serverStatus], ['finished', 'RUNNING / finished']);
      if (!real) return;
      t.diagnostic(`scripted LLM requests: ${JSON.stringify(run.llm!.requests)}`);
      assert.ok(run.llm!.requests.some((r) => r.answered === 'finish'), JSON.stringify(run.llm!.requests));
    });

    /** Sends `text` through the client's follow-up path and follows the run it starts to finished. */
    async function followUpToFinished(text: string, t: { diagnostic(message: string): void }): Promise<void> {
      assert.ok(run.api?.sendMessage && run.id, 'no finished conversation, or no follow-up on this server');
      const since = Date.now();
      const before = run.llm?.requests.length ?? 0;
      await run.api.sendMessage(run.id, { text });
      const seen: Seen[] = [];
      await watch(client, run.id, 'running', since, seen);
      await watch(client, run.id, 'finished', since, seen);
      t.diagnostic(`follow-up to finished: ${shown(seen)}`);
      if (!real) return;
      const sent = run.llm!.requests.slice(before);
      assert.ok(sent.length > 0, 'the follow-up reached the LLM');
      assert.ok(sent.some((r) => JSON.stringify(r.body).includes(JSON.stringify(text).slice(1, -1))), 'the LLM was given the text as sent');
    }

    it('a follow-up through the client: running again, then finished again', (t) => followUpToFinished('Once more, please.', t));

    it('a review as the extension sends it (two files, a path with a space, fenced lines): one user MessageEvent with the exact text, the next run to finished', async (t) => {
      assert.ok(run.id, 'no finished conversation');
      const review = reviewFollowUp(run.id);
      const before = await userMessages(client, run.id);
      await followUpToFinished(review.text, t);
      checkReviewArrived(before, await userMessages(client, run.id), review);
    });

    it('stop through the client: the sandbox paused, the state paused', async () => {
      assert.ok(run.api?.stopConversation && run.id);
      await run.api.stopConversation(run.id);
      const [summary] = await run.api.getConversations([run.id]);
      assert.deepEqual([summary?.state, summary?.serverStatus], ['paused', 'PAUSED']);
    });
  });
}
