// What the extension does with a server, behind one interface. Each server API is an adapter behind it (v0/,
// v1/), chosen per server by what the server was detected to speak; the UI depends only on this interface.
// It speaks the client's own model (model/), never a wire format.
import type { CallOptions } from './http/transport';
import type { AdvancedSettings } from './model/advancedSettings';
import type {
  ConversationPage, ConversationRequest, ConversationResponse, ConversationState, ConversationSummary, FollowUpMessage,
  ProviderType, StartOptions,
} from './model/conversations';
import type { LoadedSettings, Settings, SettingsChange, SettingsField } from './model/settings';

export type ApiLine = 'v0' | 'v1';

/** Which API a server speaks for each operation, and its version when it says. */
export interface ServerApi {
  readonly version: string | undefined;
  readonly settings: ApiLine;
  readonly conversations: ApiLine;
  /** The server lists V1's send-message route (1.11.0 does, 1.6.0 does not): follow-up messages are offered. */
  readonly sendsMessages?: boolean;
  /**
   * The server serves OpenHands' web UI at its URL (`GET /` answers an HTML page), so a conversation's page and
   * the settings page open in a browser. PyPI's openhands-ai runs without one (SERVE_FRONTEND=false: 404 JSON).
   */
  readonly webUi?: boolean;
  /**
   * Which API's route the server lists for storing a git provider token; null when it lists none. Absent when
   * the server published no routes: its settings' line is assumed then.
   */
  readonly providerTokens?: ApiLine | null;
}

/** The extension's settings model (model/settings.ts), whatever API keeps them on the server. */
export interface SettingsApi {
  /** Fields this server does not keep: the panel leaves them out instead of offering edits the server drops. */
  readonly unsupportedFields: ReadonlySet<SettingsField>;
  /** The stored settings, or null when the server has none yet (a fresh server answers 404 until the first save). */
  loadSettings(call?: CallOptions): Promise<LoadedSettings | null>;
  /** The first save: the fields given, everything else at the server's defaults. */
  storeSettings(settings: Settings, call?: CallOptions): Promise<void>;
  /**
   * Changes only the fields in `change` and keeps everything else, secrets included, then loads the stored
   * result again. Calls run one at a time, in the order they were made. A function receives the freshly loaded
   * settings and returns the change, for edits that depend on the current value (adding an entry to a list).
   */
  updateSettings(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null>;
  /**
   * Every other setting the server keeps, as the server itself describes them (V1 publishes its settings' shape),
   * with the values of the last load; undefined for a server that publishes none.
   */
  loadAdvanced?(call?: CallOptions): Promise<AdvancedSettings | undefined>;
  /** Sets one advanced setting by its path (e.g. `agent_settings.llm.temperature`), read back like any save. */
  updateAdvanced?(path: string, value: unknown, call?: CallOptions): Promise<AdvancedSettings | undefined>;
}

export interface ConversationsApi {
  /** Starts a conversation and resolves once the server has it; only the fields given are sent. */
  createConversation(request: ConversationRequest, call?: StartOptions): Promise<ConversationResponse>;
  /** One page of the server's conversations, newest first. */
  listConversations(page: { readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage>;
  /** The conversations with these ids that the server knows, in any order (absent ids are left out). */
  getConversations(ids: readonly string[], call?: CallOptions): Promise<readonly ConversationSummary[]>;
  /** Stops a conversation; absent where the server's API offers no stop through the app server. */
  stopConversation?(id: string, call?: CallOptions): Promise<void>;
  /** The state a stop leaves a conversation in, as the server then reports it (V1 pauses its sandbox: `paused`). */
  readonly stopLeaves?: ConversationState;
  /** Starts a paused conversation's sandbox again; absent where the API offers no resume. */
  resumeConversation?(id: string, call?: CallOptions): Promise<void>;
  /**
   * The person's first message in a conversation, as the server keeps it; undefined while it has none (V1's
   * events reach its app server in batches, up to 30 s late). Absent where the API offers no such read.
   */
  firstMessage?(id: string, call?: CallOptions): Promise<string | undefined>;
  /** Sends a follow-up message to a running conversation; absent where the API offers none. */
  sendMessage?(id: string, message: FollowUpMessage, call?: CallOptions): Promise<void>;
}

export interface ProviderTokensApi {
  /**
   * Stores a token for a git provider on the server, for `host` (null: the provider's own domain), keeping the
   * tokens it holds for other providers. The server checks a token with the provider before storing it:
   * ProviderTokenRefusedError when that check fails. Absent where the server offers no route for it.
   */
  storeProviderToken?(provider: ProviderType, token: string, host: string | null, call?: CallOptions): Promise<void>;
}

export interface OpenHandsClient extends SettingsApi, ConversationsApi, ProviderTokensApi {
  readonly baseUrl: string;
  readonly api: ServerApi;
}

export type SettingsUpdater = (current: LoadedSettings | null) => SettingsChange;

export type { CallOptions, FetchFunction, TransportOptions } from './http/transport';
