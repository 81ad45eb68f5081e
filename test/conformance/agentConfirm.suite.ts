// The agent line's confirmation mode on a real run: the policy set on the conversation (AlwaysConfirm), the scripted
// LLM's command waits (`waiting_for_confirmation`); respond_to_confirmation {accept: true} runs it, and the run goes
// on to finished (a lone FinishAction or ThinkAction never waits: SDK agent/agent.py 1163-1165); {accept: false, reason} records a UserRejectObservation and leaves the conversation idle (the
// client must say so and offer to go on), and POST /run goes on. Then the end of a conversation: DELETE, after
// which it is a 404 and its socket closes 4004 (a wrong key: 4001); its workspace's files stay.
// Observed answers: OBSERVED-AGENT.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { ScriptStep } from '../support/scriptedLlm/script';
import { startScriptedLlm, type ScriptedLlm } from '../support/scriptedLlm/scriptedLlm';
import type { AgentRunState } from './agentConversations.suite';
import { type AgentConversation, Workspaces, conversation, jsonOf, olderThan, serverVersion, startFromStored, storeScriptedLlm, untilStatus, userMessage, assertAgentJson } from './agentServer';
import { readSession } from './agentSocket';
import type { Client } from './target';

const SCRIPT: readonly ScriptStep[] = [{ tool: 'terminal', command: 'echo confirmed > confirmed.txt', risk: 'HIGH' }, { tool: 'finish', message: 'Done.' }];

interface Event { id: string; kind: string; source: string; action_id?: string; rejection_reason?: string; tool_name?: string }

export function agentConfirmSuite(client: Client): void {
  const workspaces = new Workspaces();
  let llm: ScriptedLlm | undefined;
  const events = async (id: string): Promise<Event[]> =>
    jsonOf<{ items: Event[] }>(await client.get(`/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP`), 200).items;

  /** A conversation with AlwaysConfirm whose first action waits; returns it and that action. */
  async function untilWaiting(): Promise<{ started: AgentConversation; action: Event }> {
    const started = await startFromStored(client, workspaces.make());
    const policy = await client.post(`/api/conversations/${started.id}/confirmation_policy`, JSON.stringify({ policy: { kind: 'AlwaysConfirm' } }));
    assertAgentJson(policy, 200, '{"success":true}');
    assertAgentJson(await client.post(`/api/conversations/${started.id}/events`, JSON.stringify({ ...userMessage('Run the command.'), run: true })), 200, '{"success":true}');
    await untilStatus(client, started.id, 'waiting_for_confirmation', ['finished']);
    assert.equal((await conversation(client, started.id)).confirmation_policy.kind, 'AlwaysConfirm');
    const seen = await events(started.id);
    const actions = seen.filter((e) => e.kind === 'ActionEvent');
    assert.deepEqual(actions.map((a) => a.tool_name), ['terminal']);
    assert.ok(!seen.some((e) => e.kind === 'ObservationEvent'), 'nothing ran before the answer');
    return { started, action: actions[0] };
  }
  const respond = (id: string, body: object) => client.post(`/api/conversations/${id}/events/respond_to_confirmation`, JSON.stringify(body));

  describe('agent line: confirmation mode (AlwaysConfirm: accept runs the action, reject leaves it idle, /run goes on)', () => {
    before(async () => {
      llm = await startScriptedLlm({ script: SCRIPT });
      await storeScriptedLlm(client, llm.baseUrl);
    });
    after(async () => {
      await llm?.close();
      workspaces.removeAll();
    });

    it('accept: the action runs (its observation, its file), then finished (a lone finish action asks no confirmation)', async () => {
      const { started, action } = await untilWaiting();
      assertAgentJson(await respond(started.id, { accept: true }), 200, '{"success":true}');
      // Right after the answer the state may still read waiting_for_confirmation for a moment.
      await untilStatus(client, started.id, 'finished');
      const seen = await events(started.id);
      assert.ok(seen.some((e) => e.kind === 'ObservationEvent' && e.action_id === action.id));
      assert.deepEqual(seen.filter((e) => e.kind === 'ActionEvent').map((a) => a.tool_name), ['terminal', 'finish']);
      assert.ok(existsSync(`${started.workspace.working_dir}/confirmed.txt`));
    });

    it('reject with a reason: a UserRejectObservation, the conversation idle, nothing ran; POST /run goes on to finished', async () => {
      const { started, action } = await untilWaiting();
      assert.equal((await respond(started.id, {})).status, 422);
      assertAgentJson(await respond(started.id, { accept: false, reason: 'Not this one.' }), 200, '{"success":true}');
      await untilStatus(client, started.id, 'idle');
      const seen = await events(started.id);
      const rejection = seen.find((e) => e.kind === 'UserRejectObservation');
      assert.deepEqual([rejection?.action_id, rejection?.rejection_reason], [action.id, 'Not this one.']);
      assert.ok(!seen.some((e) => e.kind === 'ObservationEvent'), 'the rejected action did not run');
      assert.ok(!existsSync(`${started.workspace.working_dir}/confirmed.txt`));
      assertAgentJson(await client.post(`/api/conversations/${started.id}/run`, ''), 200, '{"success":true}');
      // The script's next step is the finish call, which needs no confirmation.
      await untilStatus(client, started.id, 'finished');
    });
  });
}

export function agentDeleteSuite(client: Client, state: AgentRunState): void {
  describe('agent line: delete (then 404, the socket 4004, the files stay); the socket with a wrong key: 4001', () => {
    after(() => state.workspaces.removeAll());

    it('a wrong key on the session socket closes it 4001', async () => {
      const end = await readSession(client.target, state.finished!.id, -1, () => false, 'wrong-key');
      assert.deepEqual([end.code, end.frames], [4001, []]);
    });

    it('DELETE answers success; the conversation is then a 404 everywhere; its workspace stays', async () => {
      const { id, workspace } = state.finished!;
      assertAgentJson(await client.request('DELETE', `/api/conversations/${id}`), 200, '{"success":true}');
      assert.equal((await client.get(`/api/conversations/${id}`)).status, 404);
      assert.equal((await client.get(`/api/conversations/${id}/events/search`)).status, 404);
      // A second DELETE: 404 on 1.58.2, 400 on 1.50.1.
      assert.equal((await client.request('DELETE', `/api/conversations/${id}`)).status, olderThan(await serverVersion(client), '1.58.2') ? 400 : 404);
      const end = await readSession(client.target, id, -1, () => false);
      assert.equal(end.code, 4004);
      assert.ok(existsSync(workspace.working_dir));
    });
  });
}
