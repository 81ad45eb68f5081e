// The events of a V1 conversation as OpenHands 1.11.0 stores them (openhands-v1-work.md §3, and a real run with the
// scripted LLM's real-work script): built in the app server's form (every field, nulls included, `parent_id` the
// last LLM-convertible event's id), from which the agent server's own copy drops its null fields and parent_id.
// Kinds made here: SystemPromptEvent, MessageEvent (user, agent), ConversationStateUpdateEvent
// (last_user_message_id, execution_status), ActionEvent and ObservationEvent of the terminal, file_editor and
// finish tools, ConversationErrorEvent. Not made: StreamingDeltaEvent, the `stats` and `full_state` updates (nothing
// the transcript reads; the real server sends them too).
import { randomUUID } from 'node:crypto';

export type StoredEvent = Record<string, unknown> & { readonly id: string; readonly timestamp: string; readonly kind: string };

const text = (value: string) => ({ cache_prompt: false, type: 'text', text: value });

/** A conversation's event log: ids, naive timestamps that never go backwards (µs), parent ids. */
export class EventLog {
  readonly events: StoredEvent[] = [];
  private lastMicros = 0;
  private parent: string | null = null;
  private readonly listeners = new Set<(event: StoredEvent) => void>();

  /** Calls `listener` with each event added from now on (the agent server's websocket); the result stops it. */
  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A naive ISO time (no zone, 6 digits), as the agent server writes `datetime.now()` on a UTC machine. */
  stamp(at = new Date()): string {
    this.lastMicros = Math.max(at.getTime() * 1000, this.lastMicros + 1);
    const iso = new Date(Math.floor(this.lastMicros / 1000)).toISOString().slice(0, 19);
    return `${iso}.${String(this.lastMicros % 1_000_000).padStart(6, '0')}`;
  }

  /**
   * Appends an event of `kind` from `source`; its `parent_id` is the last message, action or observation. An `id`
   * among the fields (an event made elsewhere) is kept.
   */
  add(source: string, kind: string, fields: Record<string, unknown>, at?: Date): StoredEvent {
    const event: StoredEvent = { id: randomUUID(), timestamp: this.stamp(at), source, parent_id: this.parent, ...fields, kind };
    if (kind !== 'ConversationStateUpdateEvent' && kind !== 'ConversationErrorEvent') this.parent = event.id;
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  systemPrompt(prompt: string, at: Date): StoredEvent {
    const now = `<CURRENT_DATETIME>\nThe current date and time is: ${at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')}\n</CURRENT_DATETIME>`;
    return this.add('agent', 'SystemPromptEvent', { system_prompt: text(prompt), tools: [], dynamic_context: text(now) }, at);
  }

  message(source: 'user' | 'agent', body: string, at?: Date, llmResponseId: string | null = null): StoredEvent {
    return this.add(source, 'MessageEvent', {
      llm_message: { role: source === 'user' ? 'user' : 'assistant', content: [text(body)], tool_calls: null, tool_call_id: null, name: null,
        reasoning_content: null, thinking_blocks: [], responses_reasoning_item: null },
      llm_response_id: llmResponseId, activated_skills: [], extended_content: [], sender: null, critic_result: null,
    }, at);
  }

  stateUpdate(key: string, value: unknown): StoredEvent {
    return this.add('environment', 'ConversationStateUpdateEvent', { key, value });
  }

  /** `readsRisk`: the agent has a security analyzer, which takes the LLM's risk (1.11.0); 1.6.0's keeps UNKNOWN. */
  action(call: ToolCall, action: Record<string, unknown>, thought: string | null, llmResponseId: string, readsRisk: boolean, at?: Date): StoredEvent {
    const { security_risk: risk, summary, ...shown } = call.arguments;
    return this.add('agent', 'ActionEvent', {
      thought: thought ? [text(thought)] : [], reasoning_content: null, thinking_blocks: [], responses_reasoning_item: null,
      action, tool_name: call.name, tool_call_id: call.id,
      tool_call: { id: call.id, responses_item_id: null, name: call.name, arguments: call.rawArguments, origin: 'completion' },
      llm_response_id: llmResponseId, security_risk: readsRisk && typeof risk === 'string' ? risk : 'UNKNOWN', critic_result: null,
      summary: typeof summary === 'string' ? summary : `${call.name}: ${pyJsonDumps(shown)}`,
    }, at);
  }

  observation(action: StoredEvent, observation: Record<string, unknown>, at?: Date): StoredEvent {
    return this.add('environment', 'ObservationEvent', {
      tool_name: action.tool_name, tool_call_id: action.tool_call_id, observation, action_id: action.id, extended_content: [],
    }, at);
  }

  error(code: string, detail: string): StoredEvent {
    return this.add('environment', 'ConversationErrorEvent', { code, detail });
  }
}

/** A tool call the LLM made: its arguments parsed, and as sent. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly rawArguments: string;
}

/** Python's json.dumps with its default separators (", ", ": ") and ASCII escapes, as the summary shows arguments. */
export function pyJsonDumps(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pyJsonDumps(k)}: ${pyJsonDumps(v)}`).join(', ')}}`;
}

/** The agent server's copy of an event: no parent_id, no null fields (a state update's value is kept whole). */
export function agentServerForm(event: StoredEvent): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, strip(v)]));
  };
  const rest: Record<string, unknown> = { ...event };
  delete rest.parent_id;
  if (event.kind === 'ConversationStateUpdateEvent') return rest;
  return strip(rest) as Record<string, unknown>;
}
