// The stand-in's V1 agent: driven by the LLM of the stored settings, as the real one is. Each step it calls that
// OpenAI-compatible endpoint (POST <base_url>/chat/completions, unstreamed, native tool calling with the real
// 1.11.0 agent's `terminal`, `file_editor` and `finish` schemas, recorded in agent-tools-1.11.0.json, and the
// conversation so far as the real agent builds its messages), carries out the calls in the conversation's git
// workspace (v1Workspace.ts) and logs the events the real one logs (v1AgentEvents.ts), until `finish` or a text
// answer: then `finished`. An LLM that answers badly ends the run in `error` with a ConversationErrorEvent; one that
// cannot be reached at all (a closed port, an unknown host) leaves the run to the `/_test/agent` timing, as the real
// server keeps retrying then.
import { recordedText } from './recorded';
import { type StoredEvent, type ToolCall } from './v1AgentEvents';
import { mustConfirm, unmatchedActions } from './v1Confirmation';
import type { V1ConversationRecord } from './v1Conversations';
import { observationLlmText, runFileEditor, runTerminal } from './v1Workspace';

export interface LlmEndpoint {
  readonly baseUrl: string;
  /** As litellm sends it: without the provider prefix (`openai/gpt-4o` → `gpt-4o`). */
  readonly model: string;
  readonly apiKey: string | null;
  /** The agent takes the LLM's security risk (1.11.0's LLM analyzer); 1.6.0's here does not. */
  readonly readsRisk: boolean;
}

/** The real agent's step limit is 500 (max_iterations); a scripted run needs far fewer. */
const MAX_STEPS = 100;
const PAUSE_POLL_MS = 100;

let tools: unknown[] | undefined;
const agentTools = (): unknown[] => (tools ??= JSON.parse(recordedText('agent-tools-1.11.0.json')) as unknown[]);

class Unreachable extends Error {}

interface LlmMessage { content?: string | { text?: string }[] | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }

/** The request's messages, from the log (system prompt, messages, each action as a tool call, each observation). */
export function llmMessages(events: readonly StoredEvent[]): Record<string, unknown>[] {
  return events.flatMap((e): Record<string, unknown>[] => {
    const texts = (parts: unknown) => ((parts ?? []) as { text: string }[]).map((p) => ({ type: 'text', text: p.text }));
    switch (e.kind) {
      case 'SystemPromptEvent': return [{ role: 'system', content: (e.system_prompt as { text: string }).text }];
      case 'MessageEvent': {
        const message = e.llm_message as { role: string; content: unknown };
        return [{ role: message.role, content: texts(message.content) }];
      }
      case 'ActionEvent': {
        const call = e.tool_call as { id: string; name: string; arguments: string };
        return [{ role: 'assistant', content: texts(e.thought), tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] }];
      }
      case 'ObservationEvent':
        return [{ role: 'tool', content: [{ type: 'text', text: observationLlmText(e.observation as Record<string, unknown>) }], tool_call_id: e.tool_call_id, name: e.tool_name }];
      case 'UserRejectObservation':
        return [{ role: 'tool', content: [{ type: 'text', text: `Action rejected: ${String(e.rejection_reason)}` }], tool_call_id: e.tool_call_id, name: e.tool_name }];
      case 'AgentErrorEvent':
        return [{ role: 'tool', content: [{ type: 'text', text: String(e.error) }], tool_call_id: e.tool_call_id, name: e.tool_name }];
      default: return [];
    }
  });
}

async function complete(llm: LlmEndpoint, c: V1ConversationRecord, signal: AbortSignal): Promise<{ id: string; message: LlmMessage }> {
  const body = { model: llm.model, messages: llmMessages(c.log.events), tools: agentTools(), max_completion_tokens: 16384, stream: false };
  let response: Response;
  try {
    response = await fetch(`${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST', signal, body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new Unreachable(e instanceof Error ? e.message : String(e));
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`litellm.APIError: OpenAIException - ${response.status} ${text.slice(0, 200)}`);
  const answer = JSON.parse(text) as { id?: string; choices?: { message?: LlmMessage }[] };
  const message = answer.choices?.[0]?.message;
  if (!message) throw new Error('litellm.APIError: the answer has no choices');
  return { id: answer.id ?? '', message };
}

const contentText = (content: LlmMessage['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('');

function actionOf(call: ToolCall): Record<string, unknown> | null {
  const a = call.arguments;
  switch (call.name) {
    case 'terminal': return { command: a.command, is_input: a.is_input ?? false, timeout: a.timeout ?? null, reset: a.reset ?? false, kind: 'TerminalAction' };
    case 'file_editor': return {
      command: a.command, path: a.path, file_text: a.file_text ?? null, old_str: a.old_str ?? null, new_str: a.new_str ?? null,
      insert_line: a.insert_line ?? null, view_range: a.view_range ?? null, kind: 'FileEditorAction',
    };
    case 'finish': return { message: a.message, kind: 'FinishAction' };
    default: return null;
  }
}

/** The call's ActionEvent (or, for a tool the agent lacks, its AgentErrorEvent: null). */
function recordAction(c: V1ConversationRecord, llm: LlmEndpoint, raw: { id: string; function: { name: string; arguments: string } }, thought: string | null, responseId: string): StoredEvent | null {
  let args: Record<string, unknown>;
  try { args = JSON.parse(raw.function.arguments) as Record<string, unknown>; } catch { args = {}; }
  const call: ToolCall = { id: raw.id, name: raw.function.name, arguments: args, rawArguments: raw.function.arguments };
  const action = actionOf(call);
  if (!action) {
    c.log.add('agent', 'AgentErrorEvent', { tool_name: call.name, tool_call_id: call.id, error: `Tool '${call.name}' not found. Available: ['terminal', 'file_editor', 'finish']` });
    return null;
  }
  return c.log.action(call, action, thought, responseId, llm.readsRisk);
}

/** Carries out one logged action: its ObservationEvent; true once it was `finish`. */
async function carryOut(c: V1ConversationRecord, event: StoredEvent): Promise<boolean> {
  const args = (event.action ?? {}) as Record<string, unknown>;
  if (event.tool_name === 'finish') {
    c.log.observation(event, { content: [{ cache_prompt: false, type: 'text', text: String(args.message ?? '') }], is_error: false, kind: 'FinishObservation' });
    return true;
  }
  if (event.tool_name === 'file_editor') {
    c.log.observation(event, runFileEditor(args));
    return false;
  }
  const result = await runTerminal(args, c.cwd ?? c.workspace!, c.id);
  c.cwd = result.cwd;
  c.log.observation(event, result.observation);
  return false;
}

/** Carries out `actions` in order; true once one was `finish`. */
async function carryOutAll(c: V1ConversationRecord, actions: readonly StoredEvent[]): Promise<boolean> {
  let finished = false;
  for (const action of actions) finished = (await carryOut(c, action)) || finished;
  return finished;
}

/**
 * One step (Agent.step): the actions a confirmation let through first; else the LLM's answer, its actions logged
 * and carried out unless the conversation's policy makes them wait. What the step ends the run with, if it does.
 */
async function step(c: V1ConversationRecord, llm: LlmEndpoint, signal: AbortSignal): Promise<'finished' | 'waiting_for_confirmation' | null> {
  const pending = unmatchedActions(c.log.events);
  if (pending.length) return (await carryOutAll(c, pending)) ? 'finished' : null;
  const { id, message } = await complete(llm, c, signal);
  const thought = contentText(message.content) || null;
  if (!message.tool_calls?.length) {
    c.log.message('agent', thought ?? '', undefined, id);
    return 'finished';
  }
  const actions = message.tool_calls.map((call, i) => recordAction(c, llm, call, i === 0 ? thought : null, id)).filter((a) => a !== null);
  if (mustConfirm(c.confirmation, actions)) return 'waiting_for_confirmation';
  return (await carryOutAll(c, actions)) ? 'finished' : null;
}

async function whileRunning(c: V1ConversationRecord, signal: AbortSignal): Promise<void> {
  while (c.sandboxStatus === 'PAUSED' && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, PAUSE_POLL_MS));
}

function setStatus(c: V1ConversationRecord, status: string): void {
  const now = new Date();
  c.execution = { status, endsAt: null, endsAs: status };
  c.updated = now;
  c.log.stateUpdate('execution_status', status);
}

/**
 * One run, from the person's last message to `finished` (or `error`); `unreachable` is called instead when the
 * first call finds no LLM at all.
 */
export async function runAgent(c: V1ConversationRecord, llm: LlmEndpoint, signal: AbortSignal, unreachable: () => void): Promise<void> {
  const from = c.log.events.length;
  const lastUser = [...c.log.events].reverse().find((e) => e.kind === 'MessageEvent' && e.source === 'user');
  // Set where a message came (send_message): not again when a confirmation lets the run go on.
  if (lastUser && c.lastUserMessageId !== lastUser.id) {
    c.lastUserMessageId = lastUser.id;
    c.log.stateUpdate('last_user_message_id', lastUser.id);
  }
  setStatus(c, 'running');
  try {
    for (let i = 0; i < MAX_STEPS; i++) {
      await whileRunning(c, signal);
      if (signal.aborted) return;
      const ended = await step(c, llm, signal);
      if (ended) return setStatus(c, ended);
    }
    setStatus(c, 'finished');
  } catch (e) {
    if (signal.aborted) return;
    if (e instanceof Unreachable && !c.log.events.slice(from).some((x) => x.kind === 'ActionEvent')) return unreachable();
    c.log.error('LLMError', e instanceof Error ? e.message : String(e));
    setStatus(c, 'error');
  }
}
