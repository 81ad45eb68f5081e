// GET /api/conversations/{id}/events of 0.54.0 (server/routes/conversation.py search_events): `start_id` (default 0),
// `end_id`, `reverse`, `limit` (default 20; below 0 or over 100: 400 "Invalid limit"), an answer of
// {"events": [...], "has_more"}; an unknown conversation 404 "Conversation <id> not found" (get_conversation_metadata).
// The stand-in's V0 conversations hold no events: it runs no V0 agent, as the real 0.54.0 here runs none (its runtime
// needs Docker). What that real server stores for a runtime that never started is read by the conformance suite.
import { type Reply, detailReply, jsonReply, validationReply } from './http';
import type { ServerState } from './state';

const INT = /^\s*[+-]?\d+\s*$/;
const BOOL = new Map([['true', true], ['1', true], ['yes', true], ['on', true], ['false', false], ['0', false], ['no', false], ['off', false]]);

/** FastAPI's 422 for a query parameter that is not an integer or a boolean, else undefined. */
function queryProblem(query: URLSearchParams): Reply | undefined {
  for (const name of ['start_id', 'end_id', 'limit']) {
    const text = query.get(name);
    if (text !== null && !INT.test(text)) {
      return validationReply([{ type: 'int_parsing', loc: ['query', name], msg: 'Input should be a valid integer, unable to parse string as an integer', input: text }]);
    }
  }
  const reverse = query.get('reverse');
  if (reverse !== null && !BOOL.has(reverse.toLowerCase())) {
    return validationReply([{ type: 'bool_parsing', loc: ['query', 'reverse'], msg: 'Input should be a valid boolean, unable to interpret input', input: reverse }]);
  }
  return undefined;
}

export function searchV0Events(state: ServerState, id: string, query: URLSearchParams): Reply {
  const problem = queryProblem(query);
  if (problem) return problem;
  if (!state.conversation(id)) return detailReply(404, `Conversation ${id} not found`);
  const limit = Number(query.get('limit') ?? 20);
  if (limit < 0 || limit > 100) return detailReply(400, 'Invalid limit');
  return jsonReply(200, { events: [], has_more: false });
}
