// V0 wire events (0.54.0) into the client's event model. Never throws: an event whose fields cannot be read is
// kept as `other` with its raw kind (`action:<name>` or `observation:<name>`).
import type * as z from 'zod/mini';
import type { ActionResult, AgentAction, ConversationEvent, EventOrigin } from '../model/events';
import type { ConversationState } from '../model/conversations';
import { V0Action, V0EventHead, V0Observation } from './eventSchemas';

interface Base { readonly id: string; readonly timestamp: string; readonly origin: EventOrigin }
type Head = z.infer<typeof V0EventHead>;
type Args = NonNullable<z.infer<typeof V0Action>['args']>;
type Observed = z.infer<typeof V0Observation>;

const ORIGINS: Record<string, EventOrigin> = { user: 'user', agent: 'agent', environment: 'environment' };
/** ActionSecurityRisk of 0.54.0: an integer. */
const RISKS: Record<string, string> = { '-1': 'UNKNOWN', '0': 'LOW', '1': 'MEDIUM', '2': 'HIGH' };
/** AgentState of 0.54.0 (core/schema/agent.py). */
const STATES: Record<string, ConversationState> = {
  loading: 'starting', init: 'starting', running: 'running', user_confirmed: 'running', user_rejected: 'running',
  awaiting_user_input: 'waiting', awaiting_user_confirmation: 'waiting', paused: 'paused', stopped: 'stopped',
  finished: 'finished', rejected: 'stopped', error: 'error', rate_limited: 'error',
};

export function mapV0Event(raw: unknown): ConversationEvent {
  const parsed = V0EventHead.safeParse(raw);
  const head: Head = parsed.success ? parsed.data : {};
  const base: Base = {
    id: head.id === undefined || head.id === null ? '' : String(head.id),
    timestamp: head.timestamp ?? '',
    origin: ORIGINS[head.source ?? ''] ?? 'server',
  };
  const rawKind = head.action ? `action:${head.action}` : head.observation ? `observation:${head.observation}` : 'unknown';
  try {
    const mapped = head.action ? mapAction(raw, head.action, head, base) : head.observation ? mapObservation(raw, head.observation, head, base) : undefined;
    if (mapped) return mapped;
  } catch {
    // an odd value slipped past a loose schema: shown as `other` below
  }
  return { ...base, kind: 'other', rawKind, text: '' };
}

function mapAction(raw: unknown, name: string, head: Head, base: Base): ConversationEvent | undefined {
  const parsed = V0Action.safeParse(raw);
  if (!parsed.success) return undefined;
  const args: Args = parsed.data.args ?? {};
  if (name === 'message') {
    return { ...base, kind: 'message', text: args.content ?? '', imageCount: args.image_urls?.length ?? 0 };
  }
  if (name === 'condensation') return { ...base, kind: 'condensation', summary: args.summary ?? '' };
  const action = agentAction(name, args);
  if (!action) return undefined;
  const risk = args.security_risk === undefined || args.security_risk === null ? undefined : RISKS[String(args.security_risk)] ?? String(args.security_risk);
  const thought = name === 'think' ? '' : args.thought ?? '';
  return {
    ...base, kind: 'action', tool: head.tool_call_metadata?.function_name ?? name, action,
    ...(thought ? { thought } : {}), ...(risk ? { securityRisk: risk } : {}),
  };
}

/** The action for V0's action names that are the agent's tool calls; undefined for the others (system, recall…). */
function agentAction(name: string, args: Args): AgentAction | undefined {
  switch (name) {
    case 'run': return { type: 'command', command: args.command ?? '' };
    case 'run_ipython': return { type: 'command', command: args.code ?? '' };
    case 'read': return { type: 'file', command: 'view', path: args.path ?? '' };
    case 'write': return { type: 'file', command: 'create', path: args.path ?? '' };
    case 'edit': return { type: 'file', command: args.command || 'edit', path: args.path ?? '' };
    case 'browse': return { type: 'browse', detail: args.url ?? '' };
    case 'browse_interactive': return { type: 'browse', detail: args.browser_actions ?? '' };
    case 'call_tool_mcp': return { type: 'mcp', tool: args.name ?? '', arguments: JSON.stringify(args.arguments ?? {}) };
    case 'think': return { type: 'think', thought: args.thought ?? '' };
    case 'finish': return { type: 'finish', message: args.final_thought || args.thought || '' };
    case 'delegate': case 'task_tracking': return { type: 'other', tool: name, arguments: JSON.stringify(args) };
    default: return undefined;
  }
}

function mapObservation(raw: unknown, name: string, head: Head, base: Base): ConversationEvent | undefined {
  const parsed = V0Observation.safeParse(raw);
  if (!parsed.success) return undefined;
  const observed = parsed.data;
  const content = observed.content ?? '';
  const extras = observed.extras ?? {};
  const actionId = head.cause === undefined || head.cause === null ? null : String(head.cause);
  switch (name) {
    case 'agent_state_changed': {
      const word = extras.agent_state ?? '';
      return { ...base, kind: 'state', state: Object.hasOwn(STATES, word) ? STATES[word] : 'unknown', serverStatus: word };
    }
    case 'error': return { ...base, kind: 'error', message: content, ...(extras.error_id ? { code: extras.error_id } : {}) };
    case 'user_rejected': return { ...base, kind: 'rejection', actionId, reason: content };
    case 'condense': return { ...base, kind: 'condensation', summary: content };
    case 'null': case 'recall': return undefined;
    default: {
      const result = observationResult(name, content, observed);
      return { ...base, kind: 'observation', actionId, tool: head.tool_call_metadata?.function_name ?? name, result, isError: false };
    }
  }
}

function observationResult(name: string, content: string, observed: Observed): ActionResult {
  const extras = observed.extras ?? {};
  if (name === 'run' || name === 'run_ipython') {
    const workingDir = extras.metadata?.working_dir;
    return { type: 'command', output: content, exitCode: extras.metadata?.exit_code ?? null, ...(workingDir ? { workingDir } : {}) };
  }
  if (name === 'edit' || name === 'read' || name === 'write') {
    const edited = name === 'edit';
    return {
      type: 'file', command: { edit: 'edit', read: 'view', write: 'create' }[name], path: extras.path ?? '',
      oldContent: edited && extras.prev_exist !== false ? extras.old_content ?? null : null,
      newContent: edited ? extras.new_content ?? null : null, output: content,
    };
  }
  return { type: 'text', text: content };
}
