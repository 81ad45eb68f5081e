// Confirmation mode on a real agent run (1.11.0; the V1 stand-in does the same): confirmation mode turned on in the
// stored settings (the llm analyzer, the default, makes the conversation's policy ConfirmRisky), the scripted LLM's
// command given a HIGH risk: the agent logs the action and waits (`waiting_for_confirmation`); the agent server's
// POST …/events/respond_to_confirmation {accept: true} runs it (an observation of that action, then finished);
// in a second conversation {accept: false} logs a UserRejectObservation with the default reason and leaves the
// agent idle.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ScriptStep } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import { SETTINGS_STORED, assertJson } from './expected';
import type { Client } from './target';
import { agentEvents, agentGet, setLlm, until } from './v1Work.suite';
import type { Run, WorkEvent } from './v1WorkChecks';

const LIMIT_MS = 240_000;
const SCRIPT: readonly ScriptStep[] = [{ tool: 'terminal', command: 'echo "confirmed"', risk: 'HIGH' }, { tool: 'finish', message: 'Done.' }];

type Event = WorkEvent & { security_risk?: string; action_id?: string; rejection_reason?: string; rejection_source?: string };

async function status(client: Client, id: string): Promise<{ execution_status: string | null; conversation_url: string; session_api_key: string }> {
  const [found] = JSON.parse((await client.get(`/api/v1/app-conversations?ids=${id}`)).text) as { execution_status: string | null; conversation_url: string; session_api_key: string }[];
  assert.notEqual(found.execution_status, 'error');
  return found;
}

/** Starts a conversation and follows it until its agent waits for confirmation. */
async function startUntilWaiting(client: Client): Promise<Run> {
  const body = JSON.stringify({ initial_message: { content: [{ type: 'text', text: 'Run the risky command.' }] } });
  const task = JSON.parse((await client.post('/api/v1/app-conversations', body)).text) as { id: string };
  const id = await until('READY start task', LIMIT_MS, async () => {
    const [t] = JSON.parse((await client.get(`/api/v1/app-conversations/start-tasks?ids=${task.id}`)).text) as { status: string; detail: string | null; app_conversation_id: string }[];
    assert.notEqual(t.status, 'ERROR', `start task ERROR: ${t.detail}`);
    return t.status === 'READY' ? t.app_conversation_id : undefined;
  });
  const c = await until('waiting_for_confirmation', LIMIT_MS, async () => {
    const found = await status(client, id);
    assert.notEqual(found.execution_status, 'finished', 'the HIGH-risk action ran without confirmation');
    return found.execution_status === 'waiting_for_confirmation' ? found : undefined;
  });
  return { id, agentBase: new URL(c.conversation_url).origin, agentKey: c.session_api_key, events: [] };
}

const respond = (run: Run, body: unknown): Promise<Response> => fetch(`${run.agentBase}/api/conversations/${run.id}/events/respond_to_confirmation`, {
  method: 'POST', headers: { 'X-Session-API-Key': run.agentKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
});

async function waitingAction(run: Run): Promise<Event> {
  const events = (await agentEvents(run, 'limit=100')).items as Event[];
  const actions = events.filter((e) => e.kind === 'ActionEvent');
  assert.equal(actions.length, 1);
  assert.equal(actions[0].security_risk, 'HIGH');
  assert.ok(!events.some((e) => e.kind === 'ObservationEvent'), 'nothing ran yet');
  return actions[0];
}

export function v1ConfirmSuite(client: Client): void {
  const state: { llm?: ScriptedLlm } = {};

  describe('V1: confirmation mode on a real run (a HIGH-risk action waits; accept runs it, reject records the rejection)', () => {
    before(async () => {
      state.llm = await startScriptedLlm({ script: SCRIPT });
      await setLlm(client, state.llm.baseUrl);
      assertJson(await client.post('/api/v1/settings', JSON.stringify({ conversation_settings_diff: { confirmation_mode: true } })), 200, SETTINGS_STORED);
    });
    after(async () => {
      await client.post('/api/v1/settings', JSON.stringify({ conversation_settings_diff: { confirmation_mode: false } }));
      await state.llm?.close();
    });

    it('the action waits with its risk; the policy is ConfirmRisky; accept runs it and the agent finishes', async () => {
      const run = await startUntilWaiting(client);
      const conversation = await (await agentGet(run, `/api/conversations/${run.id}`)).json() as { execution_status: string; confirmation_policy: { kind: string; threshold?: string } };
      assert.deepEqual([conversation.execution_status, conversation.confirmation_policy.kind, conversation.confirmation_policy.threshold], ['waiting_for_confirmation', 'ConfirmRisky', 'HIGH']);
      const action = await waitingAction(run);
      const accepted = await respond(run, { accept: true });
      assert.deepEqual([accepted.status, await accepted.text()], [200, '{"success":true}']);
      await until('finished', LIMIT_MS, async () => ((await status(client, run.id)).execution_status === 'finished' ? true : undefined));
      const events = (await agentEvents(run, 'limit=100')).items as Event[];
      assert.ok(events.some((e) => e.kind === 'ObservationEvent' && e.action_id === action.id), 'the approved action was carried out');
    });

    it('reject: a UserRejectObservation with the default reason, the agent idle; a body without accept is a 422', async () => {
      const run = await startUntilWaiting(client);
      const action = await waitingAction(run);
      assert.equal((await respond(run, {})).status, 422);
      const rejected = await respond(run, { accept: false });
      assert.deepEqual([rejected.status, await rejected.text()], [200, '{"success":true}']);
      await until('idle', LIMIT_MS, async () => ((await status(client, run.id)).execution_status === 'idle' ? true : undefined));
      const events = (await agentEvents(run, 'limit=100')).items as Event[];
      const rejection = events.find((e) => e.kind === 'UserRejectObservation');
      assert.deepEqual([rejection?.action_id, rejection?.rejection_reason, rejection?.rejection_source], [action.id, 'User rejected the action.', 'user']);
      assert.ok(!events.some((e) => e.kind === 'ObservationEvent'), 'the rejected action did not run');
    });
  });
}
