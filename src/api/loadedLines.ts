// The settings and conversations adapters of the V1 line (1.x, and the mixed line's conversations) and of an agent
// server: a file of its own (dist/loadedLines.js) that connectClient loads when it finds such a server, so that
// activation loads only detection, the transport and V0's adapter.
import type { LoadedLines } from './createClient';
import { agentLine } from './agent/agentLine';
import { V1ConversationsApi } from './v1/v1ConversationsApi';
import { V1SettingsApi } from './v1/v1SettingsApi';

export const loadedLines: LoadedLines = {
  v1Settings: (transport) => new V1SettingsApi(transport),
  v1Conversations: (transport) => new V1ConversationsApi(transport),
  agent: agentLine,
};
