// The conversation list of OpenHands' V0 app server (0.52-0.54): GET /api/conversations (page_id, limit; newest
// first), GET /api/conversations/{id} (null when unknown), read into the client's summaries. The answers carry the
// conversation's own session_api_key: it is read past, never kept (a summary has no place for it).
import * as z from 'zod/mini';
import type { ConversationState, ConversationSummary } from '../model/conversations';
import { builtOnFirstUse } from '../http/builtOnFirstUse';

const nullable = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** ConversationInfo of 0.54.0 (server/data_models/conversation_info.py); read loosely. */
export const V0ConversationInfo = builtOnFirstUse(() => z.looseObject({
  conversation_id: z.string(),
  title: z.string(),
  last_updated_at: nullable(z.string()),
  created_at: nullable(z.string()),
  status: z.string(),
  runtime_status: nullable(z.string()),
  selected_repository: nullable(z.string()),
  selected_branch: nullable(z.string()),
}));
export type V0ConversationInfo = z.infer<ReturnType<typeof V0ConversationInfo>>;

/** ConversationInfoResultSet: an entry the server failed to load is null (_get_conversation_info). */
export const V0ConversationPage = builtOnFirstUse(() => z.looseObject({
  results: z.array(z.nullable(V0ConversationInfo())),
  next_page_id: nullable(z.string()),
}));

/** GET /api/conversations/{id}: the conversation, or null for an id the server does not know. */
export const V0ConversationOrNull = builtOnFirstUse(() => z.nullable(V0ConversationInfo()));

/**
 * 0.54.0's `status` is STARTING, RUNNING or STOPPED (the agent loop), and `runtime_status` its runtime's last
 * step (`STATUS$READY`, `STATUS$ERROR_…`). The agent's own state (waiting for the person, finished) is not in
 * this answer on 0.5x: a V0 conversation is never `waiting` or `finished` here.
 */
export function v0State(status: string, runtimeStatus: string | null | undefined): ConversationState {
  const failed = runtimeStatus !== null && runtimeStatus !== undefined
    && (/^STATUS\$ERROR/.test(runtimeStatus) || runtimeStatus === 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR'
      || runtimeStatus === 'CHAT_INTERFACE$AGENT_RATE_LIMITED_STOPPED_MESSAGE');
  switch (status) {
    case 'STARTING': return failed ? 'error' : 'starting';
    case 'RUNNING': return failed ? 'error' : 'running';
    case 'STOPPED': return failed ? 'error' : 'stopped';
    default: return 'unknown';
  }
}

/** The server's words: `RUNNING / READY` (the runtime status without its `STATUS$` prefix). */
export function v0ServerStatus(status: string, runtimeStatus: string | null | undefined): string {
  return runtimeStatus ? `${status} / ${runtimeStatus.replace(/^STATUS\$/, '')}` : status;
}

export function v0Summary(info: V0ConversationInfo): ConversationSummary {
  return {
    id: info.conversation_id,
    title: info.title,
    repository: info.selected_repository ?? null,
    branch: info.selected_branch ?? null,
    createdAt: info.created_at ?? null,
    updatedAt: info.last_updated_at ?? null,
    state: v0State(info.status, info.runtime_status),
    serverStatus: v0ServerStatus(info.status, info.runtime_status),
  };
}
