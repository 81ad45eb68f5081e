// A real-work run's events read through the extension's own client (src/api), as the transcript reads them:
// the agent server (conversation_url on loopback, the conversation's own key) and the app server's copy, mapped
// into the model: kinds and the fields the transcript shows, newest pages then older ones to the start, `since`
// with its overlap, order, de-duplication by id, and 401 for a wrong key on either server.
import assert from 'node:assert/strict';
import { fetch as undiciFetch } from 'undici';
import { createClient } from '../support/client';
import { sessionCredential } from '../../src/api/http/credential';
import { UnauthorizedError } from '../../src/api/http/statusErrors';
import type { FetchFunction } from '../../src/api/http/transport';
import type { EventsReader, OpenHandsClient } from '../../src/api/client';
import type { ConversationEvent } from '../../src/api/model/events';
import { V1AgentServer } from '../../src/api/v1/agentServerApi';
import { REAL_WORK_FINISH, REAL_WORK_SCRIPT, REAL_WORK_TASK } from '../support/scriptedLlm/script';
import type { Client } from './target';
import type { Run, WorkEvent } from './v1WorkChecks';

const fetchImpl = undiciFetch as unknown as FetchFunction;
const TRANSCRIPT_KINDS = new Set(['MessageEvent', 'ActionEvent', 'ObservationEvent']);

function ours(client: Client, key = client.target.apiKey): OpenHandsClient {
  const mixed = client.target.api === 'mixed';
  return createClient(
    { baseUrl: client.target.baseUrl, fetch: fetchImpl, getCredential: async () => sessionCredential(key), timeoutMs: 30_000 },
    { version: mixed ? '1.6.0' : '1.11.0', settings: mixed ? 'v0' : 'v1', conversations: 'v1' },
  );
}

/** Every event from the newest page back to the start, `size` at a time, merged by id (pages may overlap). */
async function pagedBack(reader: EventsReader, size: number): Promise<ConversationEvent[]> {
  let window = await reader.latest(size);
  const pages = [window.events];
  while (window.olderCursor !== null) {
    window = await reader.older(window.olderCursor, size);
    pages.unshift(window.events);
  }
  return merged(pages.flat());
}

/** The first of each id, in order: what a reader that merges by id holds. */
function merged(events: readonly ConversationEvent[]): ConversationEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => !seen.has(e.id) && seen.add(e.id));
}

/** The model's events of the run hold what the wire events hold, kind for kind, in the same order. */
function checkMapped(events: readonly ConversationEvent[], wire: readonly WorkEvent[], mixed: boolean, sortedByTime: boolean): void {
  const shown = wire.filter((e) => TRANSCRIPT_KINDS.has(e.kind));
  const mapped = events.filter((e) => e.kind === 'message' || e.kind === 'action' || e.kind === 'observation');
  assert.deepEqual(mapped.map((e) => e.id), shown.map((e) => e.id), 'messages, actions and observations, in order');
  // The app server sorts its copy by time; the agent server lists events as it stored them, and the real 1.11.0
  // stores some a moment before their neighbours' stamps (measured: 11 steps back of up to 0.7 s in one run), so
  // there the order checked is the server's own (the ids above), not the stamps.
  if (sortedByTime) {
    const stamps = events.map((e) => e.timestamp);
    assert.deepEqual(stamps, [...stamps].sort(), 'oldest first');
  }
  const user = events.filter((e) => e.kind === 'message' && e.origin === 'user');
  assert.deepEqual(user.map((e) => e.kind === 'message' && e.text), [REAL_WORK_TASK]);
  const actions = events.flatMap((e) => (e.kind === 'action' ? [e] : []));
  const tools = REAL_WORK_SCRIPT.flatMap((s) => ('tool' in s ? [s.tool] : []));
  assert.deepEqual(actions.map((a) => a.tool), tools);
  assert.deepEqual(actions.map((a) => a.action.type), tools.map((t) => ({ terminal: 'command', file_editor: 'file', finish: 'finish' })[t]));
  assert.ok(actions.every((a) => a.action.type !== 'finish' || a.action.message === REAL_WORK_FINISH));
  assert.ok(actions.filter((a) => a.tool !== 'finish').every((a) => a.securityRisk === (mixed ? 'UNKNOWN' : 'LOW')));
  const observations = events.flatMap((e) => (e.kind === 'observation' ? [e] : []));
  for (const action of actions) {
    const answer = observations.find((o) => o.actionId === action.id);
    assert.ok(answer && events.indexOf(answer) > events.indexOf(action), `the observation of ${action.tool} after it`);
  }
  const commands = observations.flatMap((o) => (o.result.type === 'command' ? [o.result] : []));
  assert.ok(commands.length > 0 && commands.every((r) => typeof r.exitCode === 'number' && r.workingDir?.startsWith('/')), 'exit codes and the absolute working folder');
  assert.ok(commands.some((r) => r.exitCode === 1), 'the failing command\'s exit code');
  const edit = observations.find((o) => o.result.type === 'file' && o.result.command === 'str_replace');
  assert.deepEqual(edit?.result.type === 'file' && [edit.result.oldContent, edit.result.newContent], ['alpha\nbeta\ngamma\n', 'alpha\nBETA\ngamma\n'], 'whole files, exact');
  const states = events.flatMap((e) => (e.kind === 'state' ? [e.state] : []));
  assert.ok(states.includes('running') && states.at(-1) === 'finished', JSON.stringify(states));
  assert.deepEqual(events.filter((e) => e.kind === 'other' && e.rawKind === 'unknown'), [], 'every event has its kind');
}

/** Paging back, `since` (inclusive of what it was given, and everything after) and de-duplication on one reader. */
async function checkPaging(reader: EventsReader, whole: readonly ConversationEvent[]): Promise<void> {
  assert.deepEqual((await pagedBack(reader, 5)).map((e) => e.id), whole.map((e) => e.id), 'pages of 5 back to the start: every event once');
  const held = whole[Math.floor(whole.length / 2)];
  const after = await reader.since(held);
  const ids = after.map((e) => e.id);
  assert.deepEqual(whole.slice(whole.indexOf(held)).map((e) => e.id).filter((id) => !ids.includes(id)), [], 'nothing after the newest held is missed');
  assert.deepEqual(merged([...whole, ...after]).map((e) => e.id), whole.map((e) => e.id), 'merged by id: no event twice');
}

/** The agent server through the client: reachable on loopback, its events mapped and paged, 401 for another key. */
export async function checkAgentEventsThroughClient(client: Client, run: Run): Promise<readonly ConversationEvent[]> {
  const reach = await ours(client).agentServer!(run.id);
  assert.ok(reach.reachable, JSON.stringify(reach));
  const reader = reach.agent.events;
  assert.equal(reader.source, 'agent-server');
  const whole = (await reader.latest(100)).events;
  checkMapped(whole, run.events, client.target.api === 'mixed', false);
  await checkPaging(reader, whole);
  const since = await reader.since(whole.at(-1));
  assert.deepEqual(since.map((e) => e.id), [whole.at(-1)!.id], 'since the newest: only it again (no lag here)');
  await checkStream(reader, whole);
  const options = { baseUrl: client.target.baseUrl, fetch: fetchImpl, getCredential: async () => undefined, timeoutMs: 30_000 };
  for (const key of ['wrong', client.target.apiKey ?? 'server']) {
    const stranger = new V1AgentServer(options, { baseUrl: run.agentBase, conversationPath: undefined, key }, run.id);
    await assert.rejects(stranger.events.latest(1), UnauthorizedError, 'the agent server refuses any key but the conversation\'s');
  }
  return whole;
}

/** The websocket: a fresh full state, then every stored event resent, mapped as the search maps them. */
async function checkStream(reader: EventsReader, whole: readonly ConversationEvent[]): Promise<void> {
  const pushed: ConversationEvent[] = [];
  let ended: { error?: Error } | undefined;
  const stream = reader.stream!(undefined, { onEvent: (e) => pushed.push(e), onClose: (error) => { ended = { error }; } });
  const deadline = Date.now() + 20_000;
  while (pushed.length < whole.length + 1 && !ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  stream.close();
  assert.equal(ended?.error, undefined, 'no error');
  assert.deepEqual(pushed[0]?.kind === 'other' && pushed[0].rawKind, 'ConversationStateUpdateEvent', 'a fresh full_state first');
  assert.deepEqual(pushed.slice(1), whole, 'every event resent, as the search gives it');
}

/** The app server's copy through the client (once the webhook lag is over): the same transcript, paged by offset. */
export async function checkAppEventsThroughClient(client: Client, run: Run): Promise<void> {
  const reader = ours(client).events!(run.id);
  assert.equal(reader.source, 'app-server');
  const whole = await pagedBack(reader, 100);
  checkMapped(whole, run.events, client.target.api === 'mixed', true);
  // On 1.6.0 `since` is read back from the newest: its app server answers the time-bounded search with a 500.
  await checkPaging(reader, whole);
  const newest = whole.at(-1)!;
  const since = await reader.since(newest);
  assert.ok(since.some((e) => e.id === newest.id), 'since includes the newest held (the bound is naive, so inclusive)');
  await assert.rejects(ours(client, 'wrong').events!(run.id).latest(1), UnauthorizedError);
}

/** The server's zip of the conversation (1.6.0 and 1.11.0): a zip under the server's name. */
export async function checkTrajectoryThroughClient(client: Client, run: Run): Promise<void> {
  const saved = await ours(client).downloadTrajectory!(run.id);
  assert.match(saved.fileName, /^conversation_[0-9a-f-]+\.zip$/);
  assert.deepEqual([...saved.bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a zip');
}
