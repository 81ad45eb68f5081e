// A conversation's work on the agent line: the conversation's agent server is the configured server itself, at
// its own URL and with its own key, so V1's agent-server adapter (v1/agentServerApi.ts: events search, websocket,
// changes, patch, file bytes, upload, shell, the confirmation answer) serves it as it serves a sandbox's.
import type { AgentReach, ConversationWorkApi } from '../client';
import type { CallOptions, Transport, TransportOptions } from '../http/transport';
import { V1AgentServer } from '../v1/agentServerApi';

export function agentServerWork(transport: Transport, options: TransportOptions): Pick<ConversationWorkApi, 'agentServer' | 'confirmAction'> {
  const agentOf = async (id: string): Promise<V1AgentServer> => {
    const key = (await options.getCredential())?.key;
    return new V1AgentServer(options, { baseUrl: transport.baseUrl, conversationPath: undefined, key }, id);
  };
  return {
    agentServer: async (id: string): Promise<AgentReach> => ({ reachable: true, agent: await agentOf(id) }),
    // A reject leaves the conversation idle (the server's event_service.py): resumeConversation goes on.
    confirmAction: async (id: string, accept: boolean, reason: string | undefined, call?: CallOptions) =>
      (await agentOf(id)).respondToConfirmation(accept, reason, call),
  };
}
