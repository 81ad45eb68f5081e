// The agent line's settings, conversations, LLM profiles and secrets adapters, built once per client
// (connectClient loads them with workApi.js when it finds an agent server: out of what activation loads).
import type { ConversationsApi, SettingsApi, SettingsListsApi } from '../client';
import type { Transport } from '../http/transport';
import { V1SettingsApi } from '../v1/v1SettingsApi';
import { AgentConversationsApi } from './agentConversationsApi';
import { agentSettingsDialect } from './agentSettings';
import { agentLlmProfiles } from './llmProfiles';
import { agentServerSecrets } from './serverSecrets';

export interface AgentLine extends SettingsListsApi {
  readonly settings: SettingsApi;
  readonly conversations: ConversationsApi;
}

export function agentLine(transport: Transport): AgentLine {
  return {
    settings: new V1SettingsApi(transport, agentSettingsDialect()), conversations: new AgentConversationsApi(transport),
    llmProfiles: agentLlmProfiles(transport), serverSecrets: agentServerSecrets(transport),
  };
}
