// Renaming, deleting, searching and counting conversations before their code is loaded: which of them a server
// offers is known from its lines at once (the Conversations view asks before it offers Rename or Find), while the
// routes behind them (conversationAdmin.ts, built into workApi.js) load on the first call: a person renames or
// deletes far more rarely than VS Code starts, so activation does not carry them.
import type { ConversationsApi, ServerApi } from './client';

export type ConversationAdmin = Pick<ConversationsApi, 'renameConversation' | 'deleteConversation' | 'searchConversations' | 'countConversations'>;

/** The operations `api`'s conversations line offers (V0 and the agent server: rename and delete; V1: also search and count). */
export function lazyConversationAdmin(api: ServerApi, load: () => Promise<ConversationAdmin>): ConversationAdmin {
  const rename: ConversationAdmin['renameConversation'] = async (id, title, call) => (await load()).renameConversation!(id, title, call);
  const remove: ConversationAdmin['deleteConversation'] = async (id, call) => (await load()).deleteConversation!(id, call);
  // Neither V0 nor the agent server filters by title.
  if (api.conversations !== 'v1') return { renameConversation: rename, deleteConversation: remove };
  return {
    renameConversation: rename,
    deleteConversation: remove,
    searchConversations: async (query, call) => (await load()).searchConversations!(query, call),
    countConversations: async (text, call) => (await load()).countConversations!(text, call),
  };
}
