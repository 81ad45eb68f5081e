// V0 events (0.54.0's event_to_dict shapes) into the model, and V0's events route paged as 0.54.0 pages it
// (start_id/end_id inclusive, reverse, limit, has_more).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapV0Event } from '../../../src/api/v0/events';
import { V0EventsReader } from '../../../src/api/v0/v0Events';
import { Transport } from '../../../src/api/http/transport';
import { sessionCredential } from '../../../src/api/http/credential';

const at = '2026-11-25T06:26:15.123456';
const run = { id: 4, timestamp: at, source: 'agent', message: 'Running command: ls', action: 'run', args: { command: 'ls', is_input: false, thought: 'Look first.', blocking: false, hidden: false, confirmation_state: 'confirmed', security_risk: 0 }, tool_call_metadata: { function_name: 'execute_bash', tool_call_id: 't1', model_response: {}, total_calls_in_response: 1 } };
const ran = { id: 5, timestamp: at, source: 'agent', message: 'Command `ls` executed with exit code 0.', cause: 4, observation: 'run', content: 'a.txt', extras: { command: 'ls', metadata: { exit_code: 0, pid: 1, username: 'u', hostname: 'h', working_dir: '/workspace', py_interpreter_path: null, prefix: '', suffix: '' }, hidden: false }, success: true };
const edit = { id: 6, timestamp: at, source: 'agent', action: 'edit', args: { path: '/workspace/a.txt', command: 'str_replace', file_text: null, old_str: 'a', new_str: 'b', insert_line: null, content: '', start: 1, end: -1, thought: '', impl_source: 'oh_aci' } };
const edited = { id: 7, timestamp: at, source: 'agent', cause: 6, observation: 'edit', content: 'The file was edited.', extras: { path: '/workspace/a.txt', prev_exist: true, old_content: 'a\n', new_content: 'b\n', impl_source: 'oh_aci', diff: '' } };

describe('V0 events into the model', () => {
  it('maps 0.54.0 actions and observations', () => {
    assert.deepEqual(mapV0Event({ id: 0, timestamp: at, source: 'user', message: 'hi', action: 'message', args: { content: 'Make a.txt', image_urls: ['x'], file_urls: [], wait_for_response: false } }),
      { id: '0', timestamp: at, origin: 'user', kind: 'message', text: 'Make a.txt', imageCount: 1 });
    assert.deepEqual(mapV0Event(run), { id: '4', timestamp: at, origin: 'agent', kind: 'action', tool: 'execute_bash', action: { type: 'command', command: 'ls' }, thought: 'Look first.', securityRisk: 'LOW' });
    assert.deepEqual(mapV0Event(ran), { id: '5', timestamp: at, origin: 'agent', kind: 'observation', actionId: '4', tool: 'run', result: { type: 'command', output: 'a.txt', exitCode: 0, workingDir: '/workspace' }, isError: false });
    const editAction = mapV0Event(edit);
    assert.deepEqual(editAction.kind === 'action' && editAction.action, { type: 'file', command: 'str_replace', path: '/workspace/a.txt' });
    const editResult = mapV0Event(edited);
    assert.deepEqual(editResult.kind === 'observation' && editResult.result, { type: 'file', command: 'edit', path: '/workspace/a.txt', oldContent: 'a\n', newContent: 'b\n', output: 'The file was edited.' });
    const state = mapV0Event({ id: 8, timestamp: at, source: 'environment', observation: 'agent_state_changed', content: '', extras: { agent_state: 'awaiting_user_confirmation', reason: '' } });
    assert.deepEqual(state.kind === 'state' && [state.state, state.serverStatus], ['waiting', 'awaiting_user_confirmation']);
    const rejected = mapV0Event({ id: 9, timestamp: at, source: 'user', cause: 4, observation: 'user_rejected', content: 'No.', extras: {} });
    assert.deepEqual(rejected.kind === 'rejection' && [rejected.actionId, rejected.reason], ['4', 'No.']);
    const error = mapV0Event({ id: 10, timestamp: at, source: 'environment', observation: 'error', content: 'boom', extras: { error_id: 'AGENT_ERROR$X' } });
    assert.deepEqual(error.kind === 'error' && [error.message, error.code], ['boom', 'AGENT_ERROR$X']);
    const finish = mapV0Event({ id: 11, timestamp: at, source: 'agent', action: 'finish', args: { final_thought: 'Done.', outputs: {}, thought: '' } });
    assert.deepEqual(finish.kind === 'action' && finish.action, { type: 'finish', message: 'Done.' });
    const mcp = mapV0Event({ id: 12, timestamp: at, source: 'agent', action: 'call_tool_mcp', args: { name: 'fetch', arguments: { url: 'u' }, thought: '' } });
    assert.deepEqual(mcp.kind === 'action' && mcp.action, { type: 'mcp', tool: 'fetch', arguments: '{"url":"u"}' });
    const browse = mapV0Event({ id: 13, timestamp: at, source: 'agent', action: 'browse', args: { url: 'https://example.com', thought: '' } });
    assert.deepEqual(browse.kind === 'action' && browse.action, { type: 'browse', detail: 'https://example.com' });
  });

  it('keeps other kinds and odd events as other, never throwing', () => {
    const system = mapV0Event({ id: 1, timestamp: at, source: 'agent', action: 'system', args: { content: 'You are…', tools: [] } });
    assert.deepEqual(system.kind === 'other' && system.rawKind, 'action:system');
    const recall = mapV0Event({ id: 2, timestamp: at, source: 'environment', observation: 'recall', content: '', extras: {} });
    assert.deepEqual(recall.kind === 'other' && recall.rawKind, 'observation:recall');
    for (const raw of [null, 1, 'x', [], {}, { action: 'run', args: 'no' }, { observation: 'run', content: 5 }, { action: 'toString' }, { observation: '__proto__', extras: [] }]) {
      assert.equal(mapV0Event(raw).kind, 'other', JSON.stringify(raw));
    }
  });
});

/** 0.54.0's search: start_id/end_id inclusive, reverse from end_id (or the last), limit, has_more. */
function v0Fetch(count: number, seen: URL[]) {
  return async (url: string): Promise<Response> => {
    const u = new URL(url);
    seen.push(u);
    const q = u.searchParams;
    const start = Number(q.get('start_id') ?? 0);
    const end = q.has('end_id') ? Number(q.get('end_id')) : count - 1;
    const limit = Number(q.get('limit') ?? 20);
    let ids = Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i).filter((i) => i < count);
    if (q.get('reverse') === 'true') ids = ids.reverse();
    const events = ids.slice(0, limit).map((id) => ({ id, timestamp: at, source: 'user', action: 'message', args: { content: `m${id}` } }));
    return new Response(JSON.stringify({ events, has_more: ids.length > limit }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

describe('V0 events route paging', () => {
  const reader = (count: number, seen: URL[]) => new V0EventsReader(new Transport({ baseUrl: 'http://127.0.0.1:3000', fetch: v0Fetch(count, seen), getCredential: async () => sessionCredential('k'), timeoutMs: 5000 }), 'abc');
  const texts = (events: readonly { kind: string }[]) => events.map((e) => (e as { text?: string }).text);

  it('reads the newest in time order, then older pages to the start', async () => {
    const seen: URL[] = [];
    const events = reader(150, seen);
    const latest = await events.latest(120);
    assert.deepEqual(texts(latest.events), Array.from({ length: 120 }, (_, i) => `m${30 + i}`));
    assert.equal(seen[0].pathname, '/api/conversations/abc/events');
    assert.deepEqual(seen.map((u) => [u.searchParams.get('reverse'), u.searchParams.get('end_id'), u.searchParams.get('limit')]), [['true', null, '100'], ['true', '49', '20']]);
    assert.equal(latest.olderCursor, '30');
    const older = await events.older(latest.olderCursor!, 100);
    assert.deepEqual(texts(older.events), Array.from({ length: 30 }, (_, i) => `m${i}`));
    assert.equal(older.olderCursor, null);
  });

  it('since reads forward from the newest held (inclusive), following has_more', async () => {
    const seen: URL[] = [];
    const events = reader(250, seen);
    const all = await events.since(undefined);
    assert.equal(all.length, 250);
    assert.deepEqual(seen.map((u) => u.searchParams.get('start_id')), ['0', '100', '200']);
    const fromNewest = await events.since(all[240]);
    assert.deepEqual(texts(fromNewest), Array.from({ length: 10 }, (_, i) => `m${240 + i}`));
  });

  it('an empty conversation (0.54.0 runs no runtime here) reads empty', async () => {
    const events = reader(0, []);
    assert.deepEqual(await events.latest(50), { events: [], olderCursor: null });
    assert.deepEqual(await events.since(undefined), []);
  });
});
