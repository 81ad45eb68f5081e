// An agent server's ConversationInfo read into the client's summary: its execution status in the model's words
// (as V1 reads the same statuses of its sandboxes' agent servers), its cost where it reports one.
import type { ConversationSummary } from '../model/conversations';
import { costOf, executionState } from '../v1/conversationList';
import type { ConversationInfo } from './schemas';

export function agentSummary(info: ConversationInfo): ConversationSummary {
  const status = info.execution_status ?? null;
  return {
    id: info.id,
    // Untitled until the server names it after the first message: V1's placeholder, which the views recognize.
    title: info.title || `Conversation ${info.id.slice(0, 5)}`,
    repository: null,
    branch: null,
    createdAt: info.created_at ?? null,
    updatedAt: info.updated_at ?? null,
    state: status === null ? 'unknown' : executionState(status),
    serverStatus: status ?? '',
    ...costOf(info.metrics),
  };
}
