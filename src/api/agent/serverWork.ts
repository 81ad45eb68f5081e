// A conversation's work on the agent line: the conversation's agent server is the configured server itself, at
// its own URL and with its own key, so V1's agent-server adapter (v1/agentServerApi.ts: events search, websocket,
// changes, patch, file bytes, upload, shell, the confirmation answer) serves it as it serves a sandbox's, with
// its file, git and shell routes under the conversation's path (scopedTransport.ts), never the host-wide ones.
import type { AgentReach, ConversationWorkApi } from '../client';
import type { CallOptions, Transport, TransportOptions } from '../http/transport';
import { V1AgentServer } from '../v1/agentServerApi';
import { conversationAction } from './agentConversationsApi';

type AgentServerWork = Pick<ConversationWorkApi, 'agentServer' | 'confirmAction' | 'goOnAfterReject'>;

export function agentServerWork(transport: Transport, options: TransportOptions): AgentServerWork {
  const agentOf = async (id: string): Promise<V1AgentServer> => {
    const key = (await options.getCredential())?.key;
    return new V1AgentServer(options, { baseUrl: transport.baseUrl, conversationPath: undefined, key }, id, 'first-message', true);
  };
  return {
    agentServer: async (id: string): Promise<AgentReach> => ({ reachable: true, agent: await agentOf(id) }),
    confirmAction: async (id: string, accept: boolean, reason: string | undefined, call?: CallOptions) =>
      (await agentOf(id)).respondToConfirmation(accept, reason, call),
    // A reject leaves the conversation idle (the server's event_service.py): `/run` goes on from there.
    goOnAfterReject: (id: string, call?: CallOptions) => conversationAction(transport, id, 'run', call),
  };
}
