// Builds the client for a server from what it was detected to speak: each operation goes to the adapter of its
// API line (1.0-1.6 servers keep V0 settings beside V1 conversations; an agent server is a line of its own).
import type { ConversationsApi, OpenHandsClient, ProviderTokensApi, ServerApi, SettingsApi } from './client';
import { PROVIDER_TOKEN_ROUTES, detectServerApi } from './detect';
import { Transport, type CallOptions, type TransportOptions } from './http/transport';
import { lazyConversationAdmin } from './lazyConversationAdmin';
import { lazyWorkApi } from './lazyWorkApi';
import type { AgentLine } from './agent/agentLine';
import { storeProviderToken } from './providerTokens';
import { MIXED_LINE_RULES, V0Client, V0_RULES } from './v0/v0Client';

export type ClientOptions = TransportOptions;

/** An OpenHands 0.5x server: V0 throughout. */
export const V0_SERVER: ServerApi = { version: undefined, settings: 'v0', conversations: 'v0' };

/**
 * The adapters of the lines that ride in loadedLines.js, out of what activation loads: V1's settings and conversations
 * (1.x and the mixed line) and an agent server's. connectClient loads them where the server speaks one of them.
 */
export interface LoadedLines {
  readonly v1Settings: (transport: Transport) => SettingsApi;
  readonly v1Conversations: (transport: Transport) => ConversationsApi;
  readonly agent: (transport: Transport) => AgentLine;
}

/** `lines`: needed for a server that speaks V1 or is an agent server (connectClient loads them). */
export function createClient(options: ClientOptions, api: ServerApi = V0_SERVER, lines?: LoadedLines): OpenHandsClient {
  const transport = new Transport(options);
  const { settings, conversations, llmProfiles, serverSecrets } = lineAdapters(transport, api, lines);
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
    ...(conversations.conversationOfStart ? { conversationOfStart: conversations.conversationOfStart.bind(conversations) } : {}),
    listConversations: (page, call) => conversations.listConversations(page, call),
    getConversations: (ids, call) => conversations.getConversations(ids, call),
    clonesRepository: conversations.clonesRepository,
    goesOnAfterError: conversations.goesOnAfterError,
    ...(conversations.listByState ? { listByState: conversations.listByState.bind(conversations) } : {}),
    ...(conversations.stopConversation ? { stopConversation: conversations.stopConversation.bind(conversations), stopLeaves: conversations.stopLeaves } : {}),
    ...(conversations.resumeConversation ? { resumeConversation: conversations.resumeConversation.bind(conversations) } : {}),
    ...lazyConversationAdmin(api, async () => (await import('./workApi.js')).conversationAdmin(transport, api)),
    ...(conversations.firstMessage ? { firstMessage: conversations.firstMessage.bind(conversations) } : {}),
    ...(conversations.startMessages ? { startMessages: conversations.startMessages.bind(conversations) } : {}),
    // Only a server that lists the route takes follow-ups (V1's send-message, 1.11.0; not 1.6.0).
    ...(conversations.sendMessage && api.sendsMessages ? { sendMessage: conversations.sendMessage.bind(conversations) } : {}),
    // A conversation's work (events, agent server, changes): its own file, loaded on the first call (workApi.ts).
    ...lazyWorkApi(api, async () => (await import('./workApi.js')).workApi(transport, options, api)),
    ...providerTokensApi(transport, settings, api),
    // What a server keeps beside its settings (an agent server's profiles and secrets): offered where its line has them.
    ...(llmProfiles ? { llmProfiles } : {}),
    ...(serverSecrets ? { serverSecrets } : {}),
  };
}

/** Each operation's adapter. V0 settings beside V1 conversations: the mixed line (1.0-1.6), whose V0 settings clear a key otherwise. */
function lineAdapters(transport: Transport, api: ServerApi, lines: LoadedLines | undefined): AgentLine {
  const loaded = (): LoadedLines => {
    if (!lines) throw new Error('a V1 or agent server\'s client needs the adapters of its line (connectClient loads them)');
    return lines;
  };
  if (api.conversations === 'agent') return loaded().agent(transport);
  const v0 = new V0Client(transport, api.conversations === 'v1' ? MIXED_LINE_RULES : V0_RULES);
  return {
    settings: api.settings === 'v1' ? loaded().v1Settings(transport) : v0,
    conversations: api.conversations === 'v1' ? loaded().v1Conversations(transport) : v0,
  };
}

/** Only a server with a route for it stores provider tokens; the tokens it holds are read from its settings first. */
function providerTokensApi(transport: Transport, settings: SettingsApi, api: ServerApi): ProviderTokensApi {
  const line = api.providerTokens === undefined ? api.settings : api.providerTokens;
  if (line === null || line === 'agent') return {};
  const route = PROVIDER_TOKEN_ROUTES[line];
  return {
    storeProviderToken: async (provider, value, host, call) => {
      const held = (await settings.loadSettings(call))?.provider_tokens_set ?? {};
      await storeProviderToken(transport, route, held, { provider, value, host }, call);
    },
  };
}

/** Finds what the server speaks, then builds its client: once per connection, never per call. */
export async function connectClient(options: ClientOptions, call?: CallOptions): Promise<OpenHandsClient> {
  return clientOfApi(options, await detectServerApi(new Transport(options), call));
}

/** The client of a server whose API connectClient found already: no request. */
export async function clientOfApi(options: ClientOptions, api: ServerApi): Promise<OpenHandsClient> {
  // The V1 and agent lines' adapters ride in loadedLines.js, out of what activation loads: the views ask for settings
  // and conversations as soon as the server is connected, so the file loads now rather than on their first call.
  const speaksLoadedLine = api.settings === 'v1' || api.conversations !== 'v0';
  return createClient(options, api, speaksLoadedLine ? (await import('./loadedLines.js')).loadedLines : undefined);
}
