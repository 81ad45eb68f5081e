// Where a V1 conversation's agent server (its sandbox) is, and whether the extension may go there: read from the
// AppConversation (GET /api/v1/app-conversations?ids=): `conversation_url` (null unless the sandbox is RUNNING)
// and the conversation's own `session_api_key`. Where the key may go is decided by one rule (http/agentHosts.ts):
// a URL naming another host is not followed. A paused sandbox leaves every
// agent-server request hanging, so reachability is decided from `sandbox_status` before any request is made.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import { agentHostVerdict } from '../http/agentHosts';
import type { CallOptions, Transport } from '../http/transport';
import { ServerError } from '../http/statusErrors';
import { l10n } from '../../base/l10n';
import type { UnreachableReason } from '../agentServerErrors';

const AgentAccess = z.looseObject({
  id: z.string(),
  sandbox_status: z.string(),
  conversation_url: z.optional(z.nullable(z.string())),
  session_api_key: z.optional(z.nullable(z.string())),
});
const AgentAccessList = z.array(z.nullable(AgentAccess));

/** The agent server's base URL, the conversation's path on it, and its own key (none where the sandbox has none). */
export interface AgentAddress {
  readonly baseUrl: string;
  /** `/api/conversations/<id>` as the server wrote it (the id without dashes), or undefined when its URL has none. */
  readonly conversationPath: string | undefined;
  readonly key: string | undefined;
}

export type AgentPlace = { readonly reachable: true; readonly address: AgentAddress } | { readonly reachable: false; readonly reason: UnreachableReason };

/** `runtimeHosts`: the runtime host patterns set for this server (agentHosts.ts), beside Cloud's built-in ones. */
export async function findAgentServer(app: Transport, conversationId: string, runtimeHosts: readonly string[], call?: CallOptions): Promise<AgentPlace> {
  const path = `/api/v1/app-conversations?ids=${encodeURIComponent(conversationId)}`;
  const answer = readAnswer(await app.send('GET', path, undefined, call), AgentAccessList);
  const conversation = answer.find((item) => item?.id === conversationId) ?? answer[0];
  if (!conversation) {
    throw new ServerError({ method: 'GET', path, baseUrl: app.baseUrl }, 404, undefined, l10n.t('the server does not know conversation {0}', conversationId));
  }
  return agentPlace(app.baseUrl, conversation.sandbox_status, conversation.conversation_url ?? null, conversation.session_api_key ?? null, runtimeHosts);
}

/** The rules, apart from the request: reachable only while RUNNING, with a URL, on a host agentHosts.ts allows. */
export function agentPlace(
  appBaseUrl: string, sandboxStatus: string, conversationUrl: string | null, key: string | null, runtimeHosts: readonly string[] = [],
): AgentPlace {
  if (sandboxStatus === 'PAUSED') return { reachable: false, reason: 'paused' };
  if (sandboxStatus !== 'RUNNING') return { reachable: false, reason: 'not-running' };
  if (!conversationUrl) return { reachable: false, reason: 'no-url' };
  let agent: URL;
  try {
    agent = new URL(conversationUrl);
  } catch {
    return { reachable: false, reason: 'no-url' };
  }
  if (!agentHostVerdict(new URL(appBaseUrl), agent, runtimeHosts).allowed) return { reachable: false, reason: 'other-host' };
  // The agent server's root is the conversation URL less its `/api/conversations/<id>` (a proxy may add a prefix).
  const at = agent.pathname.search(/\/api\/conversations\/[^/]+\/?$/);
  const prefix = at >= 0 ? agent.pathname.slice(0, at) : agent.pathname;
  return {
    reachable: true,
    address: {
      baseUrl: `${agent.origin}${prefix.replace(/\/+$/, '')}`,
      conversationPath: at >= 0 ? agent.pathname.slice(at).replace(/\/$/, '') : undefined,
      key: key || undefined,
    },
  };
}
