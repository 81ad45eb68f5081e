// The agent line's settings and conversations before their code is loaded: what they offer is known at once
// (the panel's fields, stop, resume, follow-ups), while the adapters (agentLine.ts, in workApi.js) load on the
// first call, once per client; a failed load is tried again by the next call.
import type { ConversationsApi, SettingsApi } from '../client';
import { loadOnce } from '../loadOnce';
import { agentUnsupportedFields } from './agentFields';
import type { AgentLine } from './agentLine';

export function lazyAgentLine(load: () => Promise<AgentLine>): AgentLine {
  const line = loadOnce(load);
  const settings: Required<SettingsApi> = {
    unsupportedFields: agentUnsupportedFields(),
    loadSettings: async (call) => (await line()).settings.loadSettings(call),
    storeSettings: async (value, call) => (await line()).settings.storeSettings(value, call),
    updateSettings: async (change, call) => (await line()).settings.updateSettings(change, call),
    loadAdvanced: async (call) => (await line()).settings.loadAdvanced!(call),
    updateAdvanced: async (path, value, call) => (await line()).settings.updateAdvanced!(path, value, call),
  };
  const conversations: ConversationsApi = {
    stopLeaves: 'paused',
    createConversation: async (request, call) => (await line()).conversations.createConversation(request, call),
    listConversations: async (page, call) => (await line()).conversations.listConversations(page, call),
    getConversations: async (ids, call) => (await line()).conversations.getConversations(ids, call),
    stopConversation: async (id, call) => (await line()).conversations.stopConversation!(id, call),
    resumeConversation: async (id, call) => (await line()).conversations.resumeConversation!(id, call),
    sendMessage: async (id, message, call) => (await line()).conversations.sendMessage!(id, message, call),
  };
  return { settings, conversations };
}
