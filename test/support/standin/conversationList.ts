// GET /api/conversations, GET /api/conversations/{id} and POST /api/conversations/{id}/stop of OpenHands 0.54.0
// (server/routes/manage_conversations.py): the conversations newest first, paged by a base64 offset. A
// conversation is STARTING from its creation (the real runtime-less server keeps it so until its Docker runtime
// fails, seconds later; OBSERVED.md §6) until its stop or a status set through the control route.
import { type Reply, jsonReply, validationReply } from './http';
import { type ConversationRecord, type ServerState } from './state';
import { ServerCrash } from './validators';
import { pythonUtcNow } from './v1Models';

const RUNNING = new Set(['STARTING', 'RUNNING']);

/** ConversationInfo as the real server answers it; a conversation without a runtime has no session key. */
export function conversationInfo(c: ConversationRecord): Record<string, unknown> {
  const status = c.status ?? 'STARTING';
  return {
    conversation_id: c.conversation_id,
    title: c.title || `Conversation ${c.conversation_id.slice(0, 5)}`,
    last_updated_at: pythonUtcNow(new Date(c.last_updated_at ?? c.created_at)),
    status,
    runtime_status: c.runtime_status ?? null,
    selected_repository: c.selected_repository,
    selected_branch: c.selected_branch,
    git_provider: c.git_provider,
    trigger: c.trigger,
    num_connections: 0,
    url: RUNNING.has(status) ? `/api/conversations/${c.conversation_id}` : null,
    session_api_key: null,
    created_at: pythonUtcNow(new Date(c.created_at)),
    pr_number: [],
  };
}

/** search_utils.page_id_to_offset: base64 of the offset; anything else raises, an unhandled 500. */
function offsetOf(pageId: string | null): number {
  if (!pageId) return 0;
  const text = Buffer.from(pageId, 'base64').toString('utf8');
  if (!/^\s*[+-]?\d+\s*$/.test(text) || Buffer.from(text).toString('base64') !== pageId) throw new ServerCrash(`invalid page_id ${pageId}`);
  return Number(text);
}

export function listConversations(state: ServerState, query: URLSearchParams): Reply {
  const text = query.get('limit');
  if (text !== null && !/^\s*[+-]?\d+\s*$/.test(text)) {
    return validationReply([{ type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: text }]);
  }
  const limit = text === null ? 20 : Number(text);
  const all = [...state.conversations].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const start = offsetOf(query.get('page_id'));
  const end = Math.min(limit + start, all.length);
  const page = all.slice(start, Math.max(start, end));
  // offset_to_page_id(end, end < n): limit=0 on a non-empty store hands out "MA==" (offset 0) again.
  const next = end < all.length ? Buffer.from(String(end)).toString('base64') : null;
  return jsonReply(200, { results: page.map(conversationInfo), next_page_id: next });
}

export function getConversation(state: ServerState, id: string): Reply {
  const found = state.conversation(id);
  return jsonReply(200, found ? conversationInfo(found) : null);
}

export function stopConversation(state: ServerState, id: string): Reply {
  const found = state.conversation(id);
  const status = found?.status ?? (found ? 'STARTING' : 'STOPPED');
  if (!found || !RUNNING.has(status)) {
    return jsonReply(200, { status: 'ok', conversation_id: id, message: 'Conversation was not running', conversation_status: status });
  }
  state.saveConversation({ ...found, status: 'STOPPED', runtime_status: null });
  return jsonReply(200, { status: 'ok', conversation_id: id, message: 'Conversation stopped successfully', conversation_status: status });
}
