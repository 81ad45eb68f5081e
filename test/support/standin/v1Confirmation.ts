// Confirmation mode as OpenHands 1.11.0 has it (read in the wheel): the conversation's policy is fixed at its start
// from the stored conversation settings (ConversationSettings._build_confirmation_policy: confirmation_mode off →
// NeverConfirm; on with the `llm` security analyzer, the default → ConfirmRisky, threshold HIGH, UNKNOWN confirmed;
// on without it → AlwaysConfirm). After the LLM's answer the agent logs its ActionEvents, and where the policy
// confirms any of their risks (a lone finish or think never) the execution status becomes
// `waiting_for_confirmation` and the run stops (Agent._requires_user_confirmation). The agent server's
// POST /api/conversations/{id}/events/respond_to_confirmation {accept, reason = "User rejected the action."}:
// accept runs the conversation again, whose first step carries out the actions still without an observation
// (a conversation already running: a no-op); reject sets a waiting conversation `idle`, then logs a
// UserRejectObservation for each such action (LocalConversation.reject_pending_actions), and the agent stays idle
// until the person writes again. Both answer 200 {"success": true}.
import { type PyDict, type PyValue, parsePyJson } from './pyJson';
import { type Reply, jsonReply, validationReply } from './http';
import type { StoredEvent } from './v1AgentEvents';

export type ConfirmationPolicy = 'NeverConfirm' | 'AlwaysConfirm' | 'ConfirmRisky';

/** The policy a conversation started now gets from the stored settings (1.6.0's V0 settings: the same two fields). */
export function confirmationPolicy(v1Settings: string | null, v0Settings: Record<string, unknown> | null, mixed: boolean): ConfirmationPolicy {
  let mode: unknown = false;
  let analyzer: unknown = 'llm';
  if (mixed) {
    mode = v0Settings?.confirmation_mode ?? false;
    analyzer = v0Settings?.security_analyzer ?? null;
  } else if (v1Settings !== null) {
    const conversation = (parsePyJson(v1Settings) as PyDict).get('conversation_settings') as PyDict | undefined;
    mode = conversation?.get('confirmation_mode') ?? false;
    analyzer = conversation?.has('security_analyzer') ? conversation.get('security_analyzer') : 'llm';
  }
  if (mode !== true) return 'NeverConfirm';
  return typeof analyzer === 'string' && analyzer.toLowerCase() === 'llm' ? 'ConfirmRisky' : 'AlwaysConfirm';
}

/** The agent server's copy of the policy, as ConversationState gives it. */
export function policyJson(policy: ConfirmationPolicy): Record<string, unknown> {
  return policy === 'ConfirmRisky' ? { threshold: 'HIGH', confirm_unknown: true, kind: policy } : { kind: policy };
}

/** Whether the agent waits before carrying out `actions` (the ActionEvents of one LLM answer). */
export function mustConfirm(policy: ConfirmationPolicy, actions: readonly StoredEvent[]): boolean {
  if (actions.length === 0) return false;
  if (actions.length === 1 && ['finish', 'think'].includes(String(actions[0].tool_name))) return false;
  if (policy === 'NeverConfirm') return false;
  if (policy === 'AlwaysConfirm') return true;
  return actions.some((a) => a.security_risk === 'HIGH' || a.security_risk === 'UNKNOWN');
}

/** The actions of the log that no observation, error or rejection answers yet (get_unmatched_actions). */
export function unmatchedActions(events: readonly StoredEvent[]): StoredEvent[] {
  const answered = new Set(events.filter((e) => e.action_id !== undefined || e.kind === 'AgentErrorEvent').map((e) => String(e.action_id ?? e.tool_call_id)));
  return events.filter((e) => e.kind === 'ActionEvent' && !answered.has(e.id) && !answered.has(String(e.tool_call_id)));
}

export interface ConfirmationAnswer {
  readonly accept: boolean;
  readonly reason: string;
}

/** The request body read as ConfirmationResponseRequest, or FastAPI's 422. */
export function confirmationAnswer(raw: Buffer): ConfirmationAnswer | Reply {
  let body: PyValue;
  try {
    body = parsePyJson(raw.toString('utf8'));
  } catch {
    return validationReply([{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: new Map(), ctx: { error: 'Expecting value' } }]);
  }
  const fields = body instanceof Map ? body : new Map<string, PyValue>();
  const accept = fields.get('accept');
  const reason = fields.get('reason');
  if (typeof accept !== 'boolean') {
    return validationReply([accept === undefined
      ? { type: 'missing', loc: ['body', 'accept'], msg: 'Field required', input: body }
      : { type: 'bool_parsing', loc: ['body', 'accept'], msg: 'Input should be a valid boolean', input: accept }]);
  }
  if (reason !== undefined && typeof reason !== 'string') {
    return validationReply([{ type: 'string_type', loc: ['body', 'reason'], msg: 'Input should be a valid string', input: reason }]);
  }
  return { accept, reason: reason ?? 'User rejected the action.' };
}

export const SUCCESS = (): Reply => jsonReply(200, { success: true });
