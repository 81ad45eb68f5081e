// Builds the client for a server from what it was detected to speak: each operation goes to the adapter of its
// API line (1.0-1.6 servers keep V0 settings beside V1 conversations).
import type { ConversationWorkApi, ConversationsApi, OpenHandsClient, ProviderTokensApi, ServerApi, SettingsApi } from './client';
import { PROVIDER_TOKEN_ROUTES, detectServerApi } from './detect';
import { EVENTS_MAX_RESPONSE_BYTES, Transport, type CallOptions, type TransportOptions } from './http/transport';
import { storeProviderToken } from './providerTokens';
import { MIXED_LINE_RULES, V0Client, V0_RULES } from './v0/v0Client';
import { V1ConversationsApi } from './v1/v1ConversationsApi';
import { V1WorkApi } from './v1/v1WorkApi';
import { V0EventsReader, confirmV0Action } from './v0/v0Events';
import { downloadExport, v0ExportPath } from './trajectory';
import { V1SettingsApi } from './v1/v1SettingsApi';
import { appFileText, listAppChanges } from './v1/appChanges';
import { listV0Changes } from './v0/v0Changes';

export type ClientOptions = TransportOptions;

/** An OpenHands 0.5x server: V0 throughout. */
export const V0_SERVER: ServerApi = { version: undefined, settings: 'v0', conversations: 'v0' };

export function createClient(options: ClientOptions, api: ServerApi = V0_SERVER): OpenHandsClient {
  const transport = new Transport(options);
  // V0 settings beside V1 conversations: the mixed line (1.0-1.6), whose V0 settings clear a key otherwise.
  const v0 = new V0Client(transport, api.conversations === 'v1' ? MIXED_LINE_RULES : V0_RULES);
  const settings: SettingsApi = api.settings === 'v1' ? new V1SettingsApi(transport) : v0;
  const conversations: ConversationsApi = api.conversations === 'v1' ? new V1ConversationsApi(transport) : v0;
  return {
    baseUrl: transport.baseUrl,
    api,
    unsupportedFields: settings.unsupportedFields,
    loadSettings: (call) => settings.loadSettings(call),
    storeSettings: (value, call) => settings.storeSettings(value, call),
    updateSettings: (change, call) => settings.updateSettings(change, call),
    // Only a server that publishes its settings' shape has advanced settings.
    ...(settings.loadAdvanced && settings.updateAdvanced
      ? { loadAdvanced: settings.loadAdvanced.bind(settings), updateAdvanced: settings.updateAdvanced.bind(settings) }
      : {}),
    createConversation: (request, call) => conversations.createConversation(request, call),
    listConversations: (page, call) => conversations.listConversations(page, call),
    getConversations: (ids, call) => conversations.getConversations(ids, call),
    ...(conversations.stopConversation ? { stopConversation: conversations.stopConversation.bind(conversations), stopLeaves: conversations.stopLeaves } : {}),
    ...(conversations.resumeConversation ? { resumeConversation: conversations.resumeConversation.bind(conversations) } : {}),
    ...(conversations.firstMessage ? { firstMessage: conversations.firstMessage.bind(conversations) } : {}),
    // Only a server that lists the route takes follow-ups (V1's send-message, 1.11.0; not 1.6.0).
    ...(conversations.sendMessage && api.sendsMessages ? { sendMessage: conversations.sendMessage.bind(conversations) } : {}),
    ...workApi(transport, options, api),
    ...providerTokensApi(transport, settings, api),
    ...changesApi(transport, api),
  };
}

/** The changes list and file text where the server's routes serve its conversations (detect.ts decides). */
function changesApi(transport: Transport, api: ServerApi): Pick<ConversationWorkApi, 'listChanges' | 'agentFileText'> {
  const line = api.changes === undefined ? api.conversations : api.changes;
  return {
    ...(line === 'v1' ? { listChanges: (id, baseRef, call) => listAppChanges(transport, id, baseRef, call) } : {}),
    ...(line === 'v0' ? { listChanges: (id, _baseRef, call) => listV0Changes(transport, id, call) } : {}),
    ...(api.fileText ?? api.conversations === 'v1' ? { agentFileText: (id, path, call) => appFileText(transport, id, path, call) } : {}),
  };
}

/** A conversation's work: V0's events route, or V1's events, agent server and confirmation (1.x and the mixed line). */
function workApi(transport: Transport, options: ClientOptions, api: ServerApi): ConversationWorkApi {
  if (api.conversations !== 'v1') {
    const events = new Transport({ ...options, maxResponseBytes: EVENTS_MAX_RESPONSE_BYTES });
    return {
      events: (id) => new V0EventsReader(events, id),
      downloadTrajectory: (id, call) => downloadExport(transport, v0ExportPath(id), `trajectory_${id}.json`, call),
      confirmAction: (id, accept, _reason, call) => confirmV0Action(transport, id, accept, call),
    };
  }
  const work = new V1WorkApi(transport, options);
  return {
    events: (id) => work.events(id),
    downloadTrajectory: (id, call) => work.downloadTrajectory(id, call),
    agentServer: (id, call) => work.agentServer(id, call),
    confirmAction: (id, accept, reason, call) => work.confirmAction(id, accept, reason, call),
  };
}

/** Only a server with a route for it stores provider tokens; the tokens it holds are read from its settings first. */
function providerTokensApi(transport: Transport, settings: SettingsApi, api: ServerApi): ProviderTokensApi {
  if (api.providerTokens === null) return {};
  const route = PROVIDER_TOKEN_ROUTES[api.providerTokens ?? api.settings];
  return {
    storeProviderToken: async (provider, value, host, call) => {
      const held = (await settings.loadSettings(call))?.provider_tokens_set ?? {};
      await storeProviderToken(transport, route, held, { provider, value, host }, call);
    },
  };
}

/** Finds what the server speaks, then builds its client: once per connection, never per call. */
export async function connectClient(options: ClientOptions, call?: CallOptions): Promise<OpenHandsClient> {
  return createClient(options, await detectServerApi(new Transport(options), call));
}
