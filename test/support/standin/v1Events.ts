// GET /api/v1/conversation/{id}/events/search of OpenHands 1.11.0 (app_server/event/event_router.py), for what the
// client reads: the conversation's SystemPromptEvent, then a MessageEvent for each message the person sent (the
// start's initial message, follow-ups), with the shape and paging the real server gives (openhands-v1-work.md §3):
// `kind__eq`, `timestamp__gte`/`__lt` (compared as text), `sort_order` (TIMESTAMP, oldest first, or TIMESTAMP_DESC), `page_id` an offset as a string (not a
// number: a plain 500), `limit` 1-100 (default 100); an unknown conversation has no events; a non-UUID id is a 500.
// The events are the conversation's log (v1AgentEvents.ts): its agent's too when an LLM drives it (v1Agent.ts).
// The real app server gets them by webhook up to 30 s late; the stand-in has them at once.
import { type Reply, crashReply, detailReply, jsonReply, validationReply } from './http';
import { literal } from './pydantic';
import type { StoredEvent } from './v1AgentEvents';
import { type ErrorDetail, INVALID } from './validators';
import { uuidHex } from './v1ConversationRoutes';
import type { V1ConversationRecord } from './v1Conversations';

/** The text parts of a start's or send-message's `content`, as validated (TextContent | ImageContent models). */
export function messageText(content: readonly unknown[]): string {
  const parts = content as readonly { type?: unknown; text?: unknown }[];
  return parts.flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : [])).join('\n');
}

/** FastAPI's 422 for a `limit` outside 1-100 or no integer; undefined when it is fine or absent. */
export function limitProblem(text: string | null): Reply | undefined {
  if (text === null) return undefined;
  const limit = Number(text);
  if (!/^\s*[+-]?\d+\s*$/.test(text)) {
    return validationReply([{ type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: text }]);
  }
  if (limit <= 0) return validationReply([{ type: 'greater_than', loc: ['query', 'limit'], msg: 'Input should be greater than 0', input: text, ctx: { gt: 0 } }]);
  if (limit > 100) return validationReply([{ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100', input: text, ctx: { le: 100 } }]);
  return undefined;
}

/** The `EventKind` literal of `kind__eq` (recorded openapi.json): 1.6.0 (the mixed line) knows fewer. */
const EVENT_KINDS = ['ServerErrorEvent', 'ACPToolCallEvent', 'Condensation', 'CondensationRequest', 'CondensationSummaryEvent', 'ConversationErrorEvent',
  'ConversationStateUpdateEvent', 'HookExecutionEvent', 'LLMCompletionLogEvent', 'ActionEvent', 'MessageEvent', 'AgentErrorEvent', 'ObservationEvent',
  'UserRejectObservation', 'SystemPromptEvent', 'StreamingDeltaEvent', 'TokenEvent', 'InterruptEvent', 'PauseEvent'];
const NOT_IN_MIXED = new Set(['ServerErrorEvent', 'StreamingDeltaEvent', 'InterruptEvent']);
const kindOf = { v1: literal(EVENT_KINDS), mixed: literal(EVENT_KINDS.filter((kind) => !NOT_IN_MIXED.has(kind))) };

/** The filters search and count share: an unknown kind is FastAPI's 422; times compare as text, as 1.11.0's do. */
function filtered(conversation: V1ConversationRecord | undefined, query: URLSearchParams, mixed: boolean): { events: StoredEvent[] } | { reply: Reply } {
  const kind = query.get('kind__eq');
  const errors: ErrorDetail[] = [];
  if (kind !== null && kindOf[mixed ? 'mixed' : 'v1'](kind, ['query', 'kind__eq'], errors) === INVALID) return { reply: validationReply(errors) };
  // A naive bound includes the event at that instant.
  const gte = query.get('timestamp__gte');
  const lt = query.get('timestamp__lt');
  const events = (conversation ? [...conversation.log.events] : [])
    .filter((e) => (kind === null || e.kind === kind) && (gte === null || e.timestamp >= gte) && (lt === null || e.timestamp < lt));
  return { events };
}

/** One page of the conversation's events; `conversation` undefined for one the server does not know. */
export function searchEvents(conversation: V1ConversationRecord | undefined, validId: boolean, query: URLSearchParams, mixed: boolean): Reply {
  const problem = limitProblem(query.get('limit'));
  if (problem) return problem;
  const chosen = filtered(conversation, query, mixed);
  if ('reply' in chosen) return chosen.reply;
  const pageId = query.get('page_id');
  if (!validId || (pageId !== null && !/^\d+$/.test(pageId))) return crashReply();
  let all = chosen.events;
  if (query.get('sort_order') === 'TIMESTAMP_DESC') all = all.reverse();
  const limit = Number(query.get('limit') ?? 100);
  const offset = Number(pageId ?? 0);
  const next = offset + limit < all.length ? String(offset + limit) : null;
  return jsonReply(200, { items: all.slice(offset, offset + limit), next_page_id: next });
}

/**
 * GET /api/v1/conversation/{id}/events/count: the same filters, no paging, a bare integer. 1.6.0 (`mixed`) counts a
 * filtered search through its page iterator, which fails there: a plain 500.
 */
export function countEvents(conversation: V1ConversationRecord | undefined, validId: boolean, query: URLSearchParams, mixed: boolean): Reply {
  const chosen = filtered(conversation, query, mixed);
  if ('reply' in chosen) return chosen.reply;
  const byFilter = ['kind__eq', 'timestamp__gte', 'timestamp__lt'].some((name) => query.get(name));
  return validId && !(mixed && byFilter) ? jsonReply(200, chosen.events.length) : crashReply();
}

/** GET /api/v1/conversation/{id}/events?id=…: each asked event in that order, null for one it does not have; over 100 a 400. */
export function batchEvents(conversation: V1ConversationRecord | undefined, validId: boolean, query: URLSearchParams): Reply {
  const ids = query.getAll('id');
  if (ids.length === 0) return validationReply([{ type: 'missing', loc: ['query', 'id'], msg: 'Field required', input: null }]);
  if (ids.length > 100) return detailReply(400, `Cannot request more than 100 events at once, got ${ids.length}`);
  if (!validId || ids.some((id) => uuidHex(id) === null)) return crashReply();
  const byId = new Map((conversation?.log.events ?? []).map((e) => [uuidHex(String(e.id)), e]));
  return jsonReply(200, ids.map((id) => byId.get(uuidHex(id)) ?? null));
}
