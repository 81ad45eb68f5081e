// The agent line's settings and conversations adapters, built once per client when its first call loads them
// (lazyAgentLine.ts offers them before; the build keeps them in workApi.js, out of what activation loads).
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
