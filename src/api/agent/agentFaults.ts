// An agent server's refusals of a conversation's requests, in the extension's words, each with what helps
// (core/platform/errorActions.ts picks the buttons by kind). Measured on 1.58.2 (conversation_router.py, api.py):
// a conversation it does not hold is FastAPI's bare 404 {"detail":"Not Found"}, which the shared mapping reads as a
// wrong server URL: here it is a conversation deleted (or never on this server); 429 is its run capacity
// (`max_concurrent_runs`, 10 by default) being full, not a rate limit: a start or run is refused until one ends (a
// message sent with run:true is kept all the same); a close 4004 of its sockets is the same missing conversation.
import { ConversationGoneError, RunCapacityError } from '../agentRefusals';
import { NotFoundError, RateLimitedError } from '../http/statusErrors';

/** The agent line's reading of a refusal; any other error as it is. `messageKept`: the request sent a message. */
export function agentRefusal(error: unknown, messageKept = false): unknown {
  if (error instanceof NotFoundError && error.request.path.startsWith('/api/conversations/')) return new ConversationGoneError(error.request);
  if (error instanceof RateLimitedError) return new RunCapacityError(error.request, messageKept);
  return error;
}

/** Runs a request of the agent line, its refusals read as agentRefusal reads them. */
export async function onAgentServer<T>(request: () => Promise<T>, messageKept = false): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw agentRefusal(error, messageKept);
  }
}
