// Renaming, deleting, searching and counting conversations, each through the route of the server's conversations'
// line: V1's (1.x) does all four (1.0-1.6 delete through V0's route); V0's (0.5x) renames and deletes, and has
// no search or count; the agent server's renames and deletes. Loaded with workApi.js on the first call (lazyConversationAdmin.ts offers them before).
import type { ServerApi } from './client';
import type { Transport } from './http/transport';
import type { ConversationAdmin } from './lazyConversationAdmin';
import { deleteAgentConversation, renameAgentConversation } from './agent/conversationAdmin';
import { deleteV0Conversation, renameV0Conversation } from './v0/conversationAdmin';
import { countV1Conversations, deleteV1Conversation, renameV1Conversation, searchV1Conversations } from './v1/conversationAdmin';

export function conversationAdmin(transport: Transport, api: ServerApi): ConversationAdmin {
  if (api.conversations === 'agent') {
    return {
      renameConversation: (id, title, call) => renameAgentConversation(transport, id, title, call),
      deleteConversation: (id, call) => deleteAgentConversation(transport, id, call),
    };
  }
  if (api.conversations === 'v0') {
    return {
      renameConversation: (id, title, call) => renameV0Conversation(transport, id, title, call),
      deleteConversation: (id, call) => deleteV0Conversation(transport, id, call),
    };
  }
  // The mixed line (1.0-1.6, V0 settings) has no V1 delete: its V0 route deletes V1 conversations too.
  const mixed = api.settings === 'v0';
  return {
    renameConversation: (id, title, call) => renameV1Conversation(transport, id, title, call),
    deleteConversation: (id, call) => (mixed ? deleteV0Conversation : deleteV1Conversation)(transport, id, call),
    searchConversations: (query, call) => searchV1Conversations(transport, query, call),
    countConversations: (text, call) => countV1Conversations(transport, text, call),
  };
}
