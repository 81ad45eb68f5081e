// The app conversations a READY start task leaves behind (AppConversation of 1.11.0), and the search pages over
// them: newest first, `next_page_id` the next offset as a string.
import { PyFloat } from './pyJson';
import type { EventLog } from './v1AgentEvents';
import type { ConfirmationPolicy } from './v1Confirmation';
import { pythonUtcNow } from './v1Models';

export interface V1ConversationRecord {
  id: string;
  sandboxId: string;
  selectedRepository: string | null;
  selectedBranch: string | null;
  gitProvider: string | null;
  llmModel: string | null;
  agentServerUrl: string;
  sessionApiKey: string;
  created: Date;
  /** SandboxStatus: RUNNING from READY on; PAUSED by the pause route; any other set through the control route. */
  sandboxStatus: string;
  /** The agent's ConversationExecutionStatus, and when and how a run ends on its own (AgentTiming). */
  execution: AgentRun;
  /** The last change of status, as updated_at. */
  updated: Date;
  /** The conversation's events (v1AgentEvents.ts): the system prompt, what the person sent, what the agent did. */
  log: EventLog;
  /** The agent's git workspace once an LLM run made one (v1Workspace.ts), and the folder its terminal is in. */
  workspace: string | null;
  cwd: string | null;
  /**
   * The workspace as its agent server states it (`workspace.working_dir`): `.`, its sandbox's own folder, or
   * `./<id hex>` where the settings grouped conversations at its start (grouped_workspace_dir of 1.11.0).
   */
  workingDir: string;
  /** Set by a rename (PATCH); until then the server's placeholder, `Conversation <first 5 hex>`. */
  title?: string;
  /** Its confirmation policy, fixed at its start from the stored settings (v1Confirmation.ts). */
  confirmation: ConfirmationPolicy;
  /** The last `last_user_message_id` the agent logged. */
  lastUserMessageId?: string;
  /** What its LLM calls cost, for a seeded conversation (1.11.0's MetricsSnapshot); none spent otherwise. */
  cost?: { readonly usd: number; readonly promptTokens: number; readonly completionTokens: number };
}

/** An agent run: `status` until `endsAt`, then `endsAs` (a run without an end goes on until it is told). */
export interface AgentRun {
  status: string;
  endsAt: Date | null;
  endsAs: string;
}

/**
 * How a run started by a message goes (POST /_test/agent): `runMs` after its start it ends as `endsAs` (default
 * finished), as with the scripted LLM (test/support/scriptedLlm); `runMs` null (the default) runs until told, as
 * the real server does with an LLM that keeps retrying.
 */
export interface AgentTiming {
  runMs?: number | null;
  endsAs?: string;
}

export function agentRun(timing: Required<AgentTiming>, message: boolean, from: Date): AgentRun {
  if (!message) return { status: 'idle', endsAt: null, endsAs: 'idle' };
  return { status: 'running', endsAt: timing.runMs === null ? null : new Date(from.getTime() + timing.runMs), endsAs: timing.endsAs };
}

/** The execution status at `now`: only a RUNNING sandbox has one. */
export function executionAt(c: V1ConversationRecord, now = new Date()): string | null {
  if (c.sandboxStatus !== 'RUNNING') return null;
  return c.execution.endsAt !== null && now >= c.execution.endsAt ? c.execution.endsAs : c.execution.status;
}

function updatedAt(c: V1ConversationRecord, now: Date): Date {
  const ended = c.execution.endsAt !== null && now >= c.execution.endsAt ? c.execution.endsAt : c.updated;
  return ended > c.updated ? ended : c.updated;
}

const EMPTY_METRICS = {
  model_name: 'default',
  accumulated_cost: new PyFloat(0),
  max_budget_per_task: null,
  accumulated_token_usage: {
    model: '', prompt_tokens: 0, completion_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0,
    reasoning_tokens: 0, context_window: 0, per_turn_token: 0, response_id: '',
  },
};

function metricsOf(cost: NonNullable<V1ConversationRecord['cost']>): typeof EMPTY_METRICS {
  const usage = { ...EMPTY_METRICS.accumulated_token_usage, prompt_tokens: cost.promptTokens, completion_tokens: cost.completionTokens };
  return { ...EMPTY_METRICS, model_name: 'openai/gpt-4o', accumulated_cost: new PyFloat(cost.usd), accumulated_token_usage: usage };
}

// Fields 1.6.0 (the mixed line) does not have yet.
const NOT_IN_MIXED = ['agent_kind', 'tags', 'acp_server', 'launched_agent_profile'];

/** The conversation as 1.11.0 (or, `mixed`, 1.6.0) answers it; its session_api_key is the agent server's: a secret. */
export function conversationJson(c: V1ConversationRecord, mixed = false): Record<string, unknown> {
  const json = conversationFields(c);
  if (mixed) for (const key of NOT_IN_MIXED) delete json[key];
  return json;
}

function conversationFields(c: V1ConversationRecord, now = new Date()): Record<string, unknown> {
  const running = c.sandboxStatus === 'RUNNING';
  return {
    id: c.id,
    created_by_user_id: null,
    sandbox_id: c.sandboxId,
    selected_repository: c.selectedRepository,
    selected_branch: c.selectedBranch,
    git_provider: c.gitProvider,
    title: c.title ?? `Conversation ${c.id.slice(0, 5)}`,
    trigger: null,
    pr_number: [],
    llm_model: c.llmModel,
    agent_kind: 'openhands',
    metrics: c.cost ? metricsOf(c.cost) : EMPTY_METRICS,
    parent_conversation_id: null,
    sub_conversation_ids: [],
    public: null,
    tags: { archiveworkspacepath: '.' },
    created_at: pythonUtcNow(c.created),
    updated_at: pythonUtcNow(updatedAt(c, now)),
    sandbox_status: c.sandboxStatus,
    execution_status: executionAt(c, now),
    conversation_url: running ? `${c.agentServerUrl}/api/conversations/${c.id}` : null,
    session_api_key: c.sessionApiKey,
    acp_server: null,
    launched_agent_profile: null,
  };
}

/** One search page: `pageId` is the offset the previous page handed out. */
export function searchPage(all: V1ConversationRecord[], pageId: string | null, limit: number, mixed: boolean, titleContains: string | null = null): Record<string, unknown> {
  const sorted = withTitle(all, titleContains).sort((a, b) => b.created.getTime() - a.created.getTime());
  const offset = pageId === null ? 0 : Number(pageId) || 0;
  const items = sorted.slice(offset, offset + limit);
  const next = offset + limit < sorted.length ? String(offset + limit) : null;
  return { items: items.map((c) => conversationJson(c, mixed)), next_page_id: next };
}

/** The conversations whose title holds `text`, case-insensitive as the real search (SQL `ILIKE`); all for null. */
export function withTitle(all: readonly V1ConversationRecord[], text: string | null): V1ConversationRecord[] {
  if (text === null) return [...all];
  const wanted = text.toLowerCase();
  return all.filter((c) => (c.title ?? `Conversation ${c.id.slice(0, 5)}`).toLowerCase().includes(wanted));
}
