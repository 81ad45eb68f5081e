// The agent line's settings and conversations adapters, built once per client
// (connectClient loads them with workApi.js when it finds an agent server: out of what activation loads).
import type { ConversationsApi, SettingsApi } from '../client';
import type { Transport } from '../http/transport';
import { V1SettingsApi } from '../v1/v1SettingsApi';
import { AgentConversationsApi } from './agentConversationsApi';
import { agentSettingsDialect } from './agentSettings';

export interface AgentLine {
  readonly settings: SettingsApi;
  readonly conversations: ConversationsApi;
}

export function agentLine(transport: Transport): AgentLine {
  return { settings: new V1SettingsApi(transport, agentSettingsDialect()), conversations: new AgentConversationsApi(transport) };
}
