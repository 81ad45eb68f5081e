// The conversation list of OpenHands' V1 app server (1.0+): GET /api/v1/app-conversations/search (page_id, limit
// 1-100, newest first) and GET /api/v1/app-conversations?ids= (null for an unknown id), read into the client's
// summaries. An AppConversation carries its sandbox's session_api_key: it is read past, never kept.
import * as z from 'zod/mini';
import type { ConversationCost, ConversationState, ConversationSummary } from '../model/conversations';
import { builtOnFirstUse } from '../http/builtOnFirstUse';

const nullable = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** SandboxStatus and ConversationExecutionStatus of 1.11.0 (the same on 1.6.0). */
export const SANDBOX_STATUSES = ['STARTING', 'RUNNING', 'PAUSED', 'ERROR', 'MISSING'] as const;
export const EXECUTION_STATUSES = ['idle', 'running', 'paused', 'waiting_for_confirmation', 'finished', 'error', 'stuck', 'deleting'] as const;

/** AppConversation, read loosely: statuses as strings, so a newer server's new word reads as `unknown`. */
export const AppConversation = builtOnFirstUse(() => z.looseObject({
  id: z.string(),
  sandbox_id: z.string(),
  title: nullable(z.string()),
  selected_repository: nullable(z.string()),
  selected_branch: nullable(z.string()),
  created_at: nullable(z.string()),
  updated_at: nullable(z.string()),
  sandbox_status: z.string(),
  execution_status: nullable(z.string()),
  /** MetricsSnapshot: read loosely, a missing or odd part leaves the cost out rather than the conversation. */
  metrics: z.optional(z.unknown()),
}));
export type AppConversation = z.infer<ReturnType<typeof AppConversation>>;

export const AppConversationPage = builtOnFirstUse(() => z.looseObject({
  items: z.array(AppConversation()),
  next_page_id: nullable(z.string()),
}));

export const AppConversationList = builtOnFirstUse(() => z.array(z.nullable(AppConversation())));

const BY_EXECUTION: Record<(typeof EXECUTION_STATUSES)[number], ConversationState> = {
  idle: 'waiting', // the agent waits for a message
  running: 'running',
  paused: 'paused',
  waiting_for_confirmation: 'waiting',
  finished: 'finished',
  error: 'error',
  stuck: 'error',
  deleting: 'stopped',
};

/** An agent server's execution status in the model's words (the agent server's own line reads it too). */
export function executionState(executionStatus: string): ConversationState {
  return Object.hasOwn(BY_EXECUTION, executionStatus) ? BY_EXECUTION[executionStatus as keyof typeof BY_EXECUTION] : 'unknown';
}

/**
 * The sandbox says whether anything runs at all; only a RUNNING sandbox has an execution status (null until its
 * agent server answers). A sandbox in ERROR is also what the real server reports for a few seconds while a busy
 * agent server misses its health check (OBSERVED-V1.md §5), so an `error` seen once may turn back to `running`.
 */
export function v1State(sandboxStatus: string, executionStatus: string | null | undefined): ConversationState {
  switch (sandboxStatus) {
    case 'STARTING': return 'starting';
    case 'PAUSED': return 'paused';
    case 'ERROR': return 'error';
    case 'MISSING': return 'stopped';
    case 'RUNNING':
      if (executionStatus === null || executionStatus === undefined) return 'starting';
      return executionState(executionStatus);
    default: return 'unknown';
  }
}

export function v1ServerStatus(sandboxStatus: string, executionStatus: string | null | undefined): string {
  return executionStatus ? `${sandboxStatus} / ${executionStatus}` : sandboxStatus;
}

export function v1Summary(conversation: AppConversation): ConversationSummary {
  return {
    id: conversation.id,
    // The server names a conversation "Conversation <first 5 hex>" until its first message gives it a title. Its
    // words, not ours, so not localized: isPlaceholderTitle (conversationFeed.ts) recognizes them as they are.
    title: conversation.title || `Conversation ${conversation.id.slice(0, 5)}`,
    repository: conversation.selected_repository ?? null,
    branch: conversation.selected_branch ?? null,
    createdAt: conversation.created_at ?? null,
    updatedAt: conversation.updated_at ?? null,
    state: v1State(conversation.sandbox_status, conversation.execution_status),
    serverStatus: v1ServerStatus(conversation.sandbox_status, conversation.execution_status),
    ...costOf(conversation.metrics),
  };
}

const Metrics = builtOnFirstUse(() => z.object({
  accumulated_cost: z.number(),
  accumulated_token_usage: z.optional(z.nullable(z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() }))),
}));

/** The cost a MetricsSnapshot sums up; none where the server sent no metrics, or nothing was spent yet. */
export function costOf(metrics: unknown): { cost?: ConversationCost } {
  const parsed = Metrics().safeParse(metrics);
  if (!parsed.success) return {};
  const usage = parsed.data.accumulated_token_usage;
  const cost = { usd: parsed.data.accumulated_cost, promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 };
  return cost.usd > 0 || cost.promptTokens > 0 || cost.completionTokens > 0 ? { cost } : {};
}
