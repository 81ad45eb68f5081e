// What v1Work.suite.ts checks in a real-work run's events: the fields the transcript reads, as 1.11.0 and 1.6.0
// give them for the real-work script (test/support/scriptedLlm/script.ts).
import assert from 'node:assert/strict';
import { GITIGNORE, REAL_WORK_FINISH, REAL_WORK_SCRIPT, type ToolStep } from '../support/scriptedLlm/script';

interface Text { type: string; text: string }

export interface WorkEvent {
  id: string;
  timestamp: string;
  source: string;
  kind: string;
  key?: string;
  value?: unknown;
  llm_message?: { role: string; content: Text[] };
  tool_name?: string;
  tool_call_id?: string;
  tool_call?: { id: string; name: string; arguments: string };
  action?: Record<string, unknown> & { kind: string };
  thought?: Text[];
  summary?: string;
  security_risk?: string;
  llm_response_id?: string;
  action_id?: string;
  observation?: Record<string, unknown> & { kind: string; content: Text[]; metadata?: { working_dir: string; exit_code: number } };
}

/** One finished run: its conversation, its agent server and key, the agent server's events. */
export interface Run {
  id: string;
  agentBase: string;
  agentKey: string;
  events: WorkEvent[];
}

const NAIVE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;
const ACTION_KIND: Record<string, string> = { terminal: 'TerminalAction', file_editor: 'FileEditorAction', finish: 'FinishAction' };
const OBSERVATION_KIND: Record<string, string> = { terminal: 'TerminalObservation', file_editor: 'FileEditorObservation', finish: 'FinishObservation' };
const steps = REAL_WORK_SCRIPT.filter((s): s is ToolStep => 'tool' in s);
const textOf = (parts: Text[] | undefined) => (parts ?? []).map((p) => p.text).join('');

export function transcript(events: readonly WorkEvent[]): { user: WorkEvent[]; actions: WorkEvent[]; observations: WorkEvent[] } {
  for (const e of events) {
    assert.match(e.timestamp, NAIVE, `${e.kind}: a naive time`);
    assert.match(e.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  }
  assert.equal(events[0]?.kind, 'SystemPromptEvent');
  return {
    user: events.filter((e) => e.kind === 'MessageEvent' && e.source === 'user'),
    actions: events.filter((e) => e.kind === 'ActionEvent'),
    observations: events.filter((e) => e.kind === 'ObservationEvent'),
  };
}

/** Each ActionEvent: the script's tool, its action kind and arguments, the call, thought, summary, risk. */
export function checkActions(actions: readonly WorkEvent[], readsRisk: boolean): void {
  assert.deepEqual(actions.map((a) => a.tool_name), steps.map((s) => s.tool));
  actions.forEach((a, i) => {
    const step = steps[i];
    assert.equal(a.source, 'agent');
    assert.equal(a.action?.kind, ACTION_KIND[step.tool]);
    assert.deepEqual([a.tool_call?.id, a.tool_call?.name], [a.tool_call_id, a.tool_name]);
    assert.ok(a.summary?.startsWith(`${step.tool}: {`), a.summary);
    // The scripted LLM sends LOW where the tool takes a risk (terminal, file_editor); 1.6.0 keeps UNKNOWN (its
    // start gives the agent no security analyzer).
    assert.equal(a.security_risk, step.tool === 'finish' || !readsRisk ? 'UNKNOWN' : 'LOW');
    assert.equal(typeof a.llm_response_id, 'string');
    assert.equal(textOf(a.thought), 'thought' in step ? step.thought ?? '' : '');
    if (step.tool === 'terminal') assert.equal(a.action.command, step.command);
    if (step.tool === 'finish') assert.equal(a.action.message, REAL_WORK_FINISH);
    if (step.tool === 'file_editor') {
      assert.equal(a.action.command, step.command);
      assert.ok(String(a.action.path).startsWith('/') && String(a.action.path).endsWith(`/${step.path}`), String(a.action.path));
    }
  });
}

/** One observation per action, after it, with its action's id and call; the fields the transcript shows. */
export function checkObservations(events: readonly WorkEvent[], actions: readonly WorkEvent[], observations: readonly WorkEvent[]): void {
  assert.equal(observations.length, actions.length);
  const at = (id: string | undefined) => events.findIndex((e) => e.id === id);
  actions.forEach((a, i) => {
    const o = observations.find((x) => x.action_id === a.id);
    assert.ok(o, `an observation of action ${i} (${a.tool_name})`);
    assert.ok(at(o.id) > at(a.id), 'after its action');
    assert.deepEqual([o.source, o.tool_call_id, o.tool_name, o.observation?.kind], ['environment', a.tool_call_id, a.tool_name, OBSERVATION_KIND[a.tool_name!]]);
  });
  const byCommand = (command: string) => observations.find((o) => o.observation?.command === command)!.observation!;
  const pwd = byCommand('pwd');
  const sandbox = textOf(pwd.content);
  // The output is the sandbox's absolute folder, or "": 1.6.0's terminal reads the command's output off the screen
  // between two prompts (terminal_session.py, _combine_outputs_between_matches), and in CI it once read the prompt
  // before the output was drawn: exit code 0, no error, no text. The transcript shows such an observation as it came.
  assert.deepEqual([sandbox === '' || sandbox.startsWith('/'), pwd.exit_code, pwd.is_error], [true, 0, false], JSON.stringify(sandbox));
  // The shell's folder from its prompt, or "" (met on 1.6.0 in CI; its terminal session keeps its last folder on an
  // empty one, terminal_session.py `if metadata.working_dir != self._cwd and metadata.working_dir`).
  assert.ok([sandbox, ''].includes(pwd.metadata?.working_dir ?? 'absent') || (sandbox === '' && pwd.metadata?.working_dir?.startsWith('/')),
    JSON.stringify(pwd.metadata?.working_dir));
  const failing = byCommand(steps[9].tool === 'terminal' ? steps[9].command : '');
  assert.deepEqual([failing.exit_code, failing.metadata?.exit_code, failing.is_error, failing.timeout], [1, 1, false, false]);
  assert.match(textOf(failing.content), /^checking a file that is not there\ncat: no-such-file\.txt: No such file or directory$/);
  const editor = observations.filter((o) => o.tool_name === 'file_editor').map((o) => o.observation!);
  assert.deepEqual(editor.map((o) => [o.command, o.is_error, o.prev_exist]), [['create', false, false], ['create', false, false], ['str_replace', false, true], ['view', false, true]]);
  assert.equal(editor[0].new_content, GITIGNORE);
  assert.deepEqual([editor[2].old_content, editor[2].new_content], ['alpha\nbeta\ngamma\n', 'alpha\nBETA\ngamma\n']);
  assert.deepEqual([editor[3].old_content ?? null, editor[3].new_content ?? null], [null, null]);
  assert.equal(textOf(observations.at(-1)!.observation!.content), REAL_WORK_FINISH);
}

/** execution_status: running before the first action, finished after the last observation, and last. */
export function checkStatusOrder(events: readonly WorkEvent[]): void {
  const statuses = events.flatMap((e, i) => (e.kind === 'ConversationStateUpdateEvent' && e.key === 'execution_status' ? [[i, e.value] as const] : []));
  const firstAction = events.findIndex((e) => e.kind === 'ActionEvent');
  const lastObservation = events.map((e) => e.kind).lastIndexOf('ObservationEvent');
  assert.ok(statuses.some(([i, v]) => v === 'running' && i < firstAction), JSON.stringify(statuses));
  assert.ok(statuses.some(([i, v]) => v === 'finished' && i > lastObservation), JSON.stringify(statuses));
  assert.equal(statuses.at(-1)?.[1], 'finished');
}
