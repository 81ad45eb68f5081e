// An agent server's refusals of a conversation's requests, in the extension's words, each with what helps
// (core/platform/errorActions.ts picks the buttons by kind). Measured on 1.58.2 (conversation_router.py, api.py):
// a conversation it does not hold is FastAPI's bare 404 {"detail":"Not Found"}, which the shared mapping reads as a
// wrong server URL: here it is a conversation deleted (or never on this server); 429 is its run capacity
// (`max_concurrent_runs`, 10 by default) being full, not a rate limit: a start or run is refused until one ends (a
// message sent with run:true is kept all the same); a close 4004 of its sockets is the same missing conversation.
import { ApiError, type RequestInfo } from '../http/apiError';
import { NotFoundError, RateLimitedError } from '../http/statusErrors';
import { l10n } from '../../base/l10n';

/** The conversation is not on the server (deleted, or another server's). */
export class ConversationGoneError extends ApiError {
  readonly kind = 'conversation_gone';
  constructor(request: RequestInfo) {
    super(l10n.t('The conversation is no longer on the server at {0} (HTTP 404): it was deleted, or the server\'s state was reset. Refresh the Conversations view.', request.baseUrl), request);
  }
}

/** The server runs as many conversations as it allows: one must end first. */
export class RunCapacityError extends ApiError {
  readonly kind = 'at_capacity';
  constructor(request: RequestInfo, messageKept: boolean) {
    super(messageKept
      ? l10n.t('Your message is saved, but the agent server at {0} is running as many conversations as it allows (HTTP 429). Stop one, or retry when one ends: the agent then reads it.', request.baseUrl)
      : l10n.t('The agent server at {0} is running as many conversations as it allows (HTTP 429). Stop one, or retry when one ends.', request.baseUrl), request);
  }
}

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
