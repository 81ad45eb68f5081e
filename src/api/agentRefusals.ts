// An agent server's own refusals of a conversation's requests, in the extension's words (agent/agentFaults.ts reads
// them from its answers; core/platform/errorActions.ts picks their buttons by kind). Apart from agentServerErrors.ts,
// which activation loads: these load with the agent line.
import { ApiError, type RequestInfo } from './http/apiError';
import { l10n } from '../base/l10n';

/** The conversation is not on the server (deleted, or another server's). */
export class ConversationGoneError extends ApiError {
  readonly kind = 'conversation_gone';
  constructor(request: RequestInfo) {
    super(l10n.t('The conversation is no longer on the server at {0} (HTTP 404): it was deleted, or the server\'s state was reset. Refresh the Conversations view.', request.baseUrl), request);
  }
}

/**
 * The server runs as many conversations as it allows: one must end first. `messageKept`: the request brought a message,
 * which the server stored before it refused the run (event_router.py send_message): going on is a run, not the message again.
 */
export class RunCapacityError extends ApiError {
  readonly kind = 'at_capacity';
  constructor(request: RequestInfo, readonly messageKept: boolean) {
    super(messageKept
      ? l10n.t('Your message is saved, but the agent server at {0} is running as many conversations as it allows (HTTP 429). Stop one, or retry when one ends: the agent then reads it.', request.baseUrl)
      : l10n.t('The agent server at {0} is running as many conversations as it allows (HTTP 429). Stop one, or retry when one ends.', request.baseUrl), request);
  }
}
