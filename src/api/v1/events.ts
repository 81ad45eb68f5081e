// V1 wire events into the client's event model (model/events.ts), for the app server's copy and the agent
// server's alike. Never throws: an event whose fields cannot be read as its kind says is kept as `other` with
// its raw kind, so a newer server's event is shown, not dropped.
import type * as z from 'zod/mini';
import type {
  ActionEvent, AgentAction, ActionResult, ConversationEvent, EventOrigin, ObservationEvent, OtherEvent,
} from '../model/events';
import { v1State } from './conversationList';
import {
  ActionEventWire, AgentErrorWire, CondensationWire, ConversationErrorWire, EventBase, MessageEventWire, ObservationEventWire,
  RejectionWire, StateUpdateWire, type ContentPart,
} from './eventSchemas';

interface Base { readonly id: string; readonly timestamp: string; readonly origin: EventOrigin }
type Mapper = (raw: unknown, base: Base) => ConversationEvent | undefined;

const ORIGINS: Record<string, EventOrigin> = { user: 'user', agent: 'agent', environment: 'environment' };

/** The model's event for one V1 wire event. */
export function mapV1Event(raw: unknown): ConversationEvent {
  const head = EventBase.safeParse(raw);
  const fields = head.success ? head.data : {};
  const base: Base = {
    id: fields.id === undefined || fields.id === null ? '' : String(fields.id),
    timestamp: fields.timestamp ?? '',
    origin: ORIGINS[fields.source ?? ''] ?? 'server',
  };
  const rawKind = fields.kind ?? 'unknown';
  try {
    const mapped = Object.hasOwn(MAPPERS, rawKind) ? MAPPERS[rawKind](raw, base) : undefined;
    if (mapped) return mapped;
  } catch {
    // an odd value slipped past a loose schema: shown as `other` below
  }
  return otherEvent(base, rawKind, '');
}

function read<T extends z.ZodMiniType>(schema: T, raw: unknown): z.infer<T> | undefined {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

const MAPPERS: Record<string, Mapper> = {
  MessageEvent: (raw, base) => {
    const event = read(MessageEventWire, raw);
    if (!event) return undefined;
    const message = event.llm_message;
    const thinking = thinkingOf(message.reasoning_content, message.thinking_blocks);
    return { ...base, kind: 'message', text: joinText(message.content, '\n'), imageCount: imageCount(message.content), ...(thinking ? { thinking } : {}) };
  },
  ActionEvent: (raw, base) => mapAction(raw, base),
  ObservationEvent: (raw, base) => mapObservation(raw, base),
  UserRejectObservation: (raw, base) => {
    const event = read(RejectionWire, raw);
    return event && { ...base, kind: 'rejection', actionId: event.action_id ?? null, reason: event.rejection_reason ?? '' };
  },
  AgentErrorEvent: (raw, base) => {
    const event = read(AgentErrorWire, raw);
    return event && { ...base, kind: 'error', message: event.error };
  },
  ConversationErrorEvent: (raw, base) => {
    const event = read(ConversationErrorWire, raw);
    return event && { ...base, kind: 'error', message: event.detail ?? '', ...(event.code ? { code: event.code } : {}) };
  },
  ConversationStateUpdateEvent: (raw, base) => {
    const event = read(StateUpdateWire, raw);
    if (!event) return undefined;
    if (event.key !== 'execution_status' || typeof event.value !== 'string') return otherEvent(base, 'ConversationStateUpdateEvent', event.key);
    return { ...base, kind: 'state', state: v1State('RUNNING', event.value), serverStatus: event.value };
  },
  Condensation: (raw, base) => condensation(raw, base),
  CondensationSummaryEvent: (raw, base) => condensation(raw, base),
};

function condensation(raw: unknown, base: Base): ConversationEvent | undefined {
  const event = read(CondensationWire, raw);
  return event && { ...base, kind: 'condensation', summary: event.summary ?? '' };
}

function mapAction(raw: unknown, base: Base): ActionEvent | undefined {
  const event = read(ActionEventWire, raw);
  if (!event) return undefined;
  const tool = event.tool_name ?? event.action?.kind ?? '';
  const thought = joinText(event.thought, '\n');
  const thinking = thinkingOf(event.reasoning_content, event.thinking_blocks);
  return {
    ...base, kind: 'action', tool, action: agentAction(tool, event.action ?? null, event.tool_call?.arguments ?? ''),
    ...(thought ? { thought } : {}), ...(thinking ? { thinking } : {}),
    ...(event.summary ? { summary: event.summary } : {}), ...(event.security_risk ? { securityRisk: event.security_risk } : {}),
  };
}

/** What the agent asked for, by the action's kind (the tool's name where the action is missing). */
export function agentAction(tool: string, action: Record<string, unknown> | null, rawArguments: string): AgentAction {
  const kind = typeof action?.kind === 'string' ? action.kind : '';
  const text = (key: string) => (typeof action?.[key] === 'string' ? action[key] : '');
  const shown = action ? argumentsOf(action) : rawArguments;
  if (kind === 'TerminalAction' || kind === 'ExecuteBashAction') return { type: 'command', command: text('command') };
  if (kind.endsWith('FileEditorAction')) return { type: 'file', command: text('command'), path: text('path') };
  if (kind === 'FinishAction') return { type: 'finish', message: text('message') };
  if (kind === 'ThinkAction') return { type: 'think', thought: text('thought') };
  if (kind.startsWith('Browser') || tool.startsWith('browser_')) return { type: 'browse', detail: text('url') || shown };
  if (kind === 'MCPToolAction') return { type: 'mcp', tool, arguments: action?.data === undefined ? rawArguments : JSON.stringify(action.data) };
  return { type: 'other', tool, arguments: shown };
}

/** The action's own fields as JSON, less its kind. */
function argumentsOf(action: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(action).filter(([key]) => key !== 'kind')));
}

function mapObservation(raw: unknown, base: Base): ObservationEvent | undefined {
  const event = read(ObservationEventWire, raw);
  if (!event) return undefined;
  const observation = event.observation;
  const output = joinText(observation.content, '');
  const kind = observation.kind ?? '';
  let result: ActionResult;
  if (kind === 'TerminalObservation' || kind === 'ExecuteBashObservation') {
    const workingDir = observation.metadata?.working_dir;
    result = { type: 'command', output, exitCode: observation.exit_code ?? observation.metadata?.exit_code ?? null, ...(workingDir ? { workingDir } : {}) };
  } else if (kind.endsWith('FileEditorObservation')) {
    result = {
      type: 'file', command: observation.command ?? '', path: observation.path ?? '',
      oldContent: observation.old_content ?? null, newContent: observation.new_content ?? null, output,
    };
  } else {
    result = { type: 'text', text: output };
  }
  return { ...base, kind: 'observation', actionId: event.action_id ?? null, tool: event.tool_name ?? '', result, isError: observation.is_error ?? false };
}

function otherEvent(base: Base, rawKind: string, text: string): OtherEvent {
  return { ...base, kind: 'other', rawKind, text };
}

function joinText(parts: readonly ContentPart[] | null | undefined, separator: string): string {
  return (parts ?? []).flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : [])).join(separator);
}

function imageCount(parts: readonly ContentPart[] | null | undefined): number {
  return (parts ?? []).reduce((count, part) => count + (part.type === 'image' ? (part.image_urls?.length ?? 1) : 0), 0);
}

function thinkingOf(reasoning: string | null | undefined, blocks: readonly { thinking?: string | null }[] | null | undefined): string | undefined {
  const text = [reasoning ?? '', ...(blocks ?? []).map((block) => block.thinking ?? '')].filter(Boolean).join('\n\n');
  return text || undefined;
}
