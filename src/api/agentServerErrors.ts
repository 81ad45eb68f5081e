// What a call that needs a conversation's agent server (its sandbox) fails with when that server cannot be
// reached from here: each reason with what the person can do.
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
