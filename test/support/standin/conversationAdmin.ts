// Renaming and deleting conversations, and the V1 title search, as the real servers answer them (docs/openhands-
// lines.md, "Renaming, deleting, finding"): V0 (0.54.0) PATCH /api/conversations/{id} {"title"} takes 1-200
// characters and no other field (422 otherwise), answers `true`, or a 404 with CONVERSATION$NOT_FOUND; its DELETE
// answers `true`, or `false` for an unknown id. V1 (1.11.0) PATCH /api/v1/app-conversations/{id} takes any string
// (422 for another type) and answers the conversation, 404 `unknown_app_conversation`, a plain 500 for an id
// that is no UUID; its DELETE answers {"success": true}, 404 `Conversation not found`, 400 for an id that is no UUID.
import { type Body, type Reply, NO_BODY, crashReply, detailReply, jsonReply, validationReply } from './http';
import type { PyDict } from './pyJson';
import type { ServerState } from './state';
import { isDict } from './validators';
import { uuidHex } from './v1ConversationRoutes';

const fieldsOf = (body: Body): PyDict => (body !== NO_BODY && isDict(body) ? body : new Map());

export function renameV0Conversation(state: ServerState, id: string, body: Body): Reply {
  if (body === NO_BODY) return validationReply([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  const fields = fieldsOf(body);
  const title = fields.get('title');
  const extra = [...fields.keys()].filter((key) => key !== 'title');
  if (extra.length) return validationReply(extra.map((key) => ({ type: 'extra_forbidden', loc: ['body', key], msg: 'Extra inputs are not permitted', input: fields.get(key) ?? null })));
  if (typeof title !== 'string') return validationReply([{ type: title === undefined ? 'missing' : 'string_type', loc: ['body', 'title'], msg: title === undefined ? 'Field required' : 'Input should be a valid string', input: title ?? fields }]);
  if (title.length < 1) return validationReply([{ type: 'string_too_short', loc: ['body', 'title'], msg: 'String should have at least 1 character', input: title, ctx: { min_length: 1 } }]);
  if (title.length > 200) return validationReply([{ type: 'string_too_long', loc: ['body', 'title'], msg: 'String should have at most 200 characters', input: title, ctx: { max_length: 200 } }]);
  const found = state.conversation(id);
  if (!found) return jsonReply(404, { status: 'error', message: 'Conversation not found', msg_id: 'CONVERSATION$NOT_FOUND' });
  state.saveConversation({ ...found, title: title.trim() });
  return jsonReply(200, true);
}

/** `v1`: on 1.6.0 the V0 route deletes a V1 conversation first, when the id names one. */
export function deleteV0Conversation(state: ServerState, id: string, v1?: V1ConversationStore): Reply {
  const hexId = v1 ? uuidHex(id) : null;
  return jsonReply(200, (hexId !== null && v1 !== undefined && v1.delete(hexId)) || state.deleteConversation(id));
}

/** What a V1 rename or delete needs of the conversations. */
export interface V1ConversationStore {
  /** The conversation as answered, its title changed where one is given; undefined for an unknown id. */
  rename(hexId: string, title: string | undefined): Record<string, unknown> | undefined;
  delete(hexId: string): boolean;
}

export function renameV1Conversation(store: V1ConversationStore, hexId: string | null, body: Body): Reply {
  const title = fieldsOf(body).get('title');
  if (title !== undefined && title !== null && typeof title !== 'string') {
    return validationReply([{ type: 'string_type', loc: ['body', 'title'], msg: 'Input should be a valid string', input: title }]);
  }
  if (hexId === null) return crashReply();
  const renamed = store.rename(hexId, typeof title === 'string' ? title : undefined);
  return renamed ? jsonReply(200, renamed) : detailReply(404, 'unknown_app_conversation');
}

export function deleteV1Conversation(store: V1ConversationStore, hexId: string | null): Reply {
  if (hexId === null) return detailReply(400, 'Invalid conversation ID format');
  return store.delete(hexId) ? jsonReply(200, { success: true }) : detailReply(404, 'Conversation not found');
}
