// What a call that needs a conversation's agent server (its sandbox) fails with when that server cannot be
// reached from here: each reason with what the person can do; and an agent server's own refusals of a conversation
// (agent/agentFaults.ts reads them from its answers).
import { ApiError, type RequestInfo } from './http/apiError';
import type { AgentReach } from './client';
import { l10n } from '../base/l10n';

export type UnreachableReason = Extract<AgentReach, { reachable: false }>['reason'];

const TEXT: Record<UnreachableReason, () => string> = {
  'paused': () => l10n.t('The conversation\'s sandbox is paused. Resume the conversation, then try again.'),
  'not-running': () => l10n.t('The conversation\'s sandbox is not running, so its agent cannot be reached. Resume or restart the conversation, then try again.'),
  'no-url': () => l10n.t('The server gave no address for the conversation\'s agent yet. Try again in a moment.'),
  'other-host': () => l10n.t('The conversation\'s agent runs on a host the extension does not send its key to: only the server\'s own host, loopback, OpenHands Cloud\'s runtimes and the hosts in the setting openhands.runtimeHosts get it, over https. Add your server\'s runtime hosts there if you trust them, or use the OpenHands web UI.'),
};

export class AgentServerUnreachableError extends ApiError {
  readonly kind = 'agent_unreachable';
  constructor(request: RequestInfo, readonly reason: UnreachableReason) {
    super(TEXT[reason](), request);
  }
}

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
