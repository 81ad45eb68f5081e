// V1 wire events into the model: the shapes the stand-in records as 1.11.0 stores them (app server form, and the
// agent server's form without nulls), the kinds no scripted run makes from the SDK's own classes (openhands-sdk
// 1.34.0: browser_*, MCP, think, UserRejectObservation, AgentErrorEvent, Condensation), and odd events.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapV1Event } from '../../../src/api/v1/events';
import { EventLog, agentServerForm, type ToolCall } from '../../support/standin/v1AgentEvents';

const call = (name: string, args: Record<string, unknown>): ToolCall => ({ id: `call_${name}`, name, arguments: args, rawArguments: JSON.stringify(args) });
const text = (value: string) => ({ cache_prompt: false, type: 'text', text: value });

function recordedRun(): EventLog {
  const log = new EventLog();
  log.systemPrompt('You are OpenHands agent', new Date('2026-11-25T06:26:10Z'));
  log.message('user', 'Make added.txt');
  log.stateUpdate('execution_status', 'running');
  const terminal = log.action(call('terminal', { command: 'ls -la', security_risk: 'LOW' }), { command: 'ls -la', is_input: false, timeout: null, reset: false, kind: 'TerminalAction' }, 'Looking first.', 'resp-1', true);
  log.observation(terminal, {
    content: [text('total 0')], is_error: false, command: 'ls -la', exit_code: 0, timeout: false,
    metadata: { exit_code: 0, pid: -1, working_dir: '/tmp/sandboxes/abc', py_interpreter_path: null, prefix: '', suffix: '' }, kind: 'TerminalObservation',
  });
  const edit = log.action(call('file_editor', { command: 'str_replace', path: '/tmp/sandboxes/abc/base.txt' }), {
    command: 'str_replace', path: '/tmp/sandboxes/abc/base.txt', file_text: null, old_str: 'beta', new_str: 'BETA', insert_line: null, view_range: null, kind: 'FileEditorAction',
  }, null, 'resp-2', true);
  log.observation(edit, {
    content: [text('The file was edited.')], is_error: false, command: 'str_replace', path: '/tmp/sandboxes/abc/base.txt', prev_exist: true,
    old_content: 'alpha\nbeta\n', new_content: 'alpha\nBETA\n', kind: 'FileEditorObservation',
  });
  const finish = log.action(call('finish', { message: 'Done.' }), { message: 'Done.', kind: 'FinishAction' }, null, 'resp-3', true);
  log.observation(finish, { content: [text('Done.')], is_error: false, kind: 'FinishObservation' });
  log.stateUpdate('execution_status', 'finished');
  log.stateUpdate('full_state', { execution_status: 'finished' });
  log.error('LLMError', 'litellm.APIError: boom');
  return log;
}

describe('V1 events into the model', () => {
  for (const [form, shape] of [['app server', (e: Record<string, unknown>) => e], ['agent server', agentServerForm]] as const) {
    it(`maps a recorded run (${form} form)`, () => {
      const events = recordedRun().events.map((e) => mapV1Event(shape(e)));
      assert.deepEqual(events.map((e) => e.kind), [
        'other', 'message', 'state', 'action', 'observation', 'action', 'observation', 'action', 'observation', 'state', 'other', 'error',
      ]);
      const [system, user, running, terminal, terminalResult, edit, editResult, finish, , finished, full, error] = events;
      assert.deepEqual(system.kind === 'other' && [system.rawKind, system.origin], ['SystemPromptEvent', 'agent']);
      assert.deepEqual(user.kind === 'message' && [user.text, user.origin, user.imageCount, user.thinking], ['Make added.txt', 'user', 0, undefined]);
      assert.deepEqual(running.kind === 'state' && [running.state, running.serverStatus], ['running', 'running']);
      assert.ok(terminal.kind === 'action');
      assert.deepEqual([terminal.tool, terminal.action, terminal.thought, terminal.securityRisk], ['terminal', { type: 'command', command: 'ls -la' }, 'Looking first.', 'LOW']);
      assert.ok(terminalResult.kind === 'observation');
      assert.equal(terminalResult.actionId, terminal.id);
      assert.deepEqual(terminalResult.result, { type: 'command', output: 'total 0', exitCode: 0, workingDir: '/tmp/sandboxes/abc' });
      assert.deepEqual(edit.kind === 'action' && edit.action, { type: 'file', command: 'str_replace', path: '/tmp/sandboxes/abc/base.txt' });
      assert.deepEqual(editResult.kind === 'observation' && editResult.result, {
        type: 'file', command: 'str_replace', path: '/tmp/sandboxes/abc/base.txt', oldContent: 'alpha\nbeta\n', newContent: 'alpha\nBETA\n', output: 'The file was edited.',
      });
      assert.deepEqual(finish.kind === 'action' && finish.action, { type: 'finish', message: 'Done.' });
      assert.deepEqual(finished.kind === 'state' && finished.state, 'finished');
      assert.deepEqual(full.kind === 'other' && [full.rawKind, full.text], ['ConversationStateUpdateEvent', 'full_state']);
      assert.deepEqual(error.kind === 'error' && [error.message, error.code], ['litellm.APIError: boom', 'LLMError']);
    });
  }

  it('keeps ids and timestamps as the server gave them', () => {
    const log = recordedRun();
    const mapped = log.events.map(mapV1Event);
    assert.deepEqual(mapped.map((e) => [e.id, e.timestamp]), log.events.map((e) => [e.id, e.timestamp]));
  });

  it('maps the kinds no scripted run makes, from the SDK classes', () => {
    const base = { id: 'e1', timestamp: '2026-11-25T06:26:15.000001', source: 'agent' };
    const action = (tool: string, fields: Record<string, unknown>) => mapV1Event({ ...base, kind: 'ActionEvent', tool_name: tool, thought: [], action: fields, tool_call: { arguments: '{"x":1}' } });
    assert.deepEqual(action('browser_navigate', { url: 'https://example.com', new_tab: false, kind: 'BrowserNavigateAction' }), {
      id: 'e1', timestamp: base.timestamp, origin: 'agent', kind: 'action', tool: 'browser_navigate', action: { type: 'browse', detail: 'https://example.com' },
    });
    const click = action('browser_click', { index: 3, new_tab: false, kind: 'BrowserClickAction' });
    assert.deepEqual(click.kind === 'action' && click.action, { type: 'browse', detail: '{"index":3,"new_tab":false}' });
    const mcp = action('fetch_fetch', { data: { url: 'https://example.com' }, kind: 'MCPToolAction' });
    assert.deepEqual(mcp.kind === 'action' && mcp.action, { type: 'mcp', tool: 'fetch_fetch', arguments: '{"url":"https://example.com"}' });
    const think = action('think', { thought: 'Plan: two steps.', kind: 'ThinkAction' });
    assert.deepEqual(think.kind === 'action' && think.action, { type: 'think', thought: 'Plan: two steps.' });
    const unknown = mapV1Event({ ...base, kind: 'ActionEvent', tool_name: 'task_tracker', action: null, tool_call: { arguments: '{"x":1}' } });
    assert.deepEqual(unknown.kind === 'action' && unknown.action, { type: 'other', tool: 'task_tracker', arguments: '{"x":1}' });
  });

  it('maps a rejection, an agent error, a condensation and reasoning', () => {
    const base = { id: 'e2', timestamp: '2026-11-25T06:26:16', source: 'environment' };
    const rejected = mapV1Event({ ...base, kind: 'UserRejectObservation', tool_name: 'terminal', action_id: 'a1', rejection_reason: 'Not now', rejection_source: 'user' });
    assert.deepEqual(rejected.kind === 'rejection' && [rejected.actionId, rejected.reason], ['a1', 'Not now']);
    const agentError = mapV1Event({ ...base, source: 'agent', kind: 'AgentErrorEvent', tool_name: 'nope', tool_call_id: 'c', error: "Tool 'nope' not found." });
    assert.deepEqual(agentError.kind === 'error' && [agentError.message, agentError.origin], ["Tool 'nope' not found.", 'agent']);
    const condensed = mapV1Event({ ...base, kind: 'Condensation', forgotten_event_ids: ['x'], summary: 'Earlier: ls.', llm_response_id: 'r' });
    assert.deepEqual(condensed.kind === 'condensation' && condensed.summary, 'Earlier: ls.');
    const thinking = mapV1Event({ ...base, source: 'agent', kind: 'MessageEvent', llm_message: {
      role: 'assistant', content: [text('Hi'), { type: 'image', image_urls: ['data:a', 'data:b'] }], reasoning_content: 'Because.', thinking_blocks: [{ type: 'thinking', thinking: 'Deep.' }],
    } });
    assert.deepEqual(thinking.kind === 'message' && [thinking.text, thinking.imageCount, thinking.thinking], ['Hi', 2, 'Because.\n\nDeep.']);
    const waiting = mapV1Event({ ...base, kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'waiting_for_confirmation' });
    assert.deepEqual(waiting.kind === 'state' && [waiting.state, waiting.serverStatus], ['waiting', 'waiting_for_confirmation']);
    const newWord = mapV1Event({ ...base, kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'dreaming' });
    assert.deepEqual(newWord.kind === 'state' && newWord.state, 'unknown');
  });

  it('leaves out a terminal observation\'s empty or null working_dir (1.6.0 sends "", the SDK keeps its last folder then)', () => {
    for (const workingDir of ['', null]) {
      const event = mapV1Event({ id: 'o', timestamp: 't', source: 'environment', kind: 'ObservationEvent', action_id: 'a', tool_name: 'terminal',
        observation: { kind: 'TerminalObservation', content: [text('/tmp/sandboxes/abc')], exit_code: 0, metadata: { exit_code: 0, working_dir: workingDir } } });
      assert.deepEqual(event.kind === 'observation' && event.result, { type: 'command', output: '/tmp/sandboxes/abc', exitCode: 0 }, String(workingDir));
    }
  });

  it('keeps other kinds and odd events as other, never throwing', () => {
    for (const kind of ['StreamingDeltaEvent', 'TokenEvent', 'PauseEvent', 'SomethingNew']) {
      const event = mapV1Event({ id: 'x', timestamp: 't', source: 'agent', kind, content: 'abc' });
      assert.deepEqual(event.kind === 'other' && event.rawKind, kind);
    }
    const odd: unknown[] = [null, 3, 'text', [], {}, { kind: 'MessageEvent' }, { kind: 'ActionEvent', action: 5 }, { kind: 'ObservationEvent', observation: 'x' },
      { kind: 'MessageEvent', llm_message: { content: 'not a list' } }, { kind: 'toString' }, { kind: '__proto__' }, { id: 7, kind: 'ConversationStateUpdateEvent', key: 1 },
      { kind: 'ObservationEvent', observation: { kind: 'TerminalObservation', exit_code: 'zero' } }];
    for (const raw of odd) {
      const event = mapV1Event(raw);
      assert.equal(event.kind, 'other', JSON.stringify(raw));
      assert.equal(typeof event.id, 'string');
      assert.equal(typeof event.timestamp, 'string');
    }
    assert.equal(mapV1Event({ id: 7, kind: 'Condensation' }).id, '7');
  });
});
