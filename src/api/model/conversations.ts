// The extension's conversation model: what a start sends and gets back, how its progress is told, and the
// conversations of the server's list with where each stands. The client's own, owned by no wire format: V0's
// adapter validates a start with its wire schemas and sends it as it is (the names are V0's, which the extension
// has always spoken); V1's maps it to a start request and follows the start task (v1/v1ConversationsApi.ts).
// Both read their lists into summaries (v0/conversationList.ts, v1/conversationList.ts).
import type { CallOptions } from '../http/transport';
import type { McpConfig } from './settings';

/** The git providers a conversation's repository may be on. */
export const PROVIDER_TYPES = ['github', 'gitlab', 'bitbucket', 'enterprise_sso'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export function isProviderType(value: string): value is ProviderType {
  return (PROVIDER_TYPES as readonly string[]).includes(value);
}

export const TASK_TYPES = [
  'MERGE_CONFLICTS', 'FAILING_CHECKS', 'UNRESOLVED_COMMENTS', 'OPEN_ISSUE', 'OPEN_PR', 'CREATE_MICROAGENT',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export interface SuggestedTask {
  git_provider: ProviderType;
  task_type: TaskType;
  repo: string;
  issue_number: number;
  title: string;
}

export interface CreateMicroagent {
  repo: string;
  git_provider?: ProviderType | null;
  title?: string | null;
}

/** A start: only the fields given are sent. */
export interface ConversationRequest {
  repository?: string | null;
  git_provider?: ProviderType | null;
  selected_branch?: string | null;
  initial_user_msg?: string | null;
  /** Images as data URLs, as Send File attaches them. */
  image_urls?: string[] | null;
  replay_json?: string | null;
  suggested_task?: SuggestedTask | null;
  create_microagent?: CreateMicroagent | null;
  /** Told the agent beside the message (V1: the suffix of its system message). */
  conversation_instructions?: string | null;
  mcp_config?: McpConfig | null;
  conversation_id?: string;
}

/** A started conversation. */
export interface ConversationResponse {
  status: string;
  conversation_id: string;
  message?: string | null;
  /** The server's word for where it stands (`STARTING`, `RUNNING`, `READY`…), shown as given. */
  conversation_status?: string | null;
}

export interface StartOptions extends CallOptions {
  /** Told each step of an asynchronous start (V1's start task), in words. */
  readonly onProgress?: (step: string) => void;
  /**
   * Told the start's own id once the server took the start (V1: its start task), before it is over: a cancel or a
   * failure after that may still leave a conversation, which conversationOfStart finds.
   */
  readonly onAccepted?: (startId: string) => void;
}

/**
 * Where a conversation stands, in one word the view shows, whatever API reported it: V0's `status` (with the
 * agent state where given), V1's `sandbox_status` and `execution_status`; `gone` where the server, asked for it
 * by its id, no longer has it (a restart of a server that keeps its conversations in memory).
 */
export type ConversationState =
  | 'starting' | 'running' | 'waiting' | 'paused' | 'finished' | 'stopped' | 'error' | 'unknown' | 'gone';

/** One conversation of the server's list. */
export interface ConversationSummary {
  readonly id: string;
  readonly title: string;
  readonly repository: string | null;
  readonly branch: string | null;
  /** ISO times as the server gave them. */
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly state: ConversationState;
  /** The server's own status words (e.g. `RUNNING / awaiting_user_input`), shown beside the state. */
  readonly serverStatus: string;
  /** What its LLM calls cost so far, where the server reports it (V1's metrics); absent where it reports none. */
  readonly cost?: ConversationCost;
}

/** A conversation's LLM use as the server sums it up. */
export interface ConversationCost {
  /** In US dollars, as the LLM's price list gives it (0 where the model has no price). */
  readonly usd: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

/** A page of the server's conversations, newest first; `nextPageId` null on the last page. */
export interface ConversationPage {
  readonly items: readonly ConversationSummary[];
  readonly nextPageId: string | null;
}

/** A follow-up message: text and, as Send File does, images as data URLs. */
export interface FollowUpMessage {
  readonly text: string;
  readonly imageUrls?: readonly string[];
}

/** A conversation id as a key: V1 writes the same UUID with dashes in one answer and without in another. */
export function conversationKey(id: string): string {
  return id.replace(/-/g, '').toLowerCase();
}
