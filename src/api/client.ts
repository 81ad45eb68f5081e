// What the extension does with a server, behind one interface. Each server API is an adapter behind it (v0/,
// v1/), chosen per server by what the server was detected to speak; the UI depends only on this interface.
import type { CallOptions } from './http/transport';
import type { ConversationRequest, ConversationResponse, LoadedSettings, ProviderType, Settings, SettingsField } from './v0/schemas';
import type { SettingsChange } from './v0/settingsBody';

export type ApiLine = 'v0' | 'v1';

/** Which API a server speaks for each operation, and its version when it says. */
export interface ServerApi {
  readonly version: string | undefined;
  readonly settings: ApiLine;
  readonly conversations: ApiLine;
  /** The server lists V1's send-message route (1.11.0 does, 1.6.0 does not): follow-up messages are offered. */
  readonly sendsMessages?: boolean;
  /**
   * Which API's route the server lists for storing a git provider token; null when it lists none. Absent when
   * the server published no routes: its settings' line is assumed then.
   */
  readonly providerTokens?: ApiLine | null;
}

/** The extension's settings model (the fields of V0's /api/settings), whatever API keeps them on the server. */
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

/** One setting of the server's published shape, with where it lives and its current value. */
export interface AdvancedField {
  /** Where the value lives in the server's settings, dotted: `agent_settings.llm.temperature`. */
  readonly path: string;
  readonly label: string;
  readonly description: string;
  readonly valueType: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';
  readonly secret: boolean;
  readonly choices: readonly string[];
  /** The paths this field applies under; shown beside it. */
  readonly dependsOn: readonly string[];
  readonly value: unknown;
}

export interface AdvancedSection {
  readonly id: string;
  readonly label: string;
  readonly fields: readonly AdvancedField[];
}

export interface AdvancedSettings {
  readonly sections: readonly AdvancedSection[];
}

export interface StartOptions extends CallOptions {
  /** Told each step of an asynchronous start (V1's start task), in words. */
  readonly onProgress?: (step: string) => void;
}

/**
 * Where a conversation stands, in one word the view shows, whatever API reported it: V0's `status` (with the
 * agent state where given), V1's `sandbox_status` and `execution_status`.
 */
export type ConversationState =
  | 'starting' | 'running' | 'waiting' | 'paused' | 'finished' | 'stopped' | 'error' | 'unknown';

/** One conversation of the server's list. */
export interface ConversationSummary {
  readonly id: string;
  readonly title: string;
  readonly repository: string | null;
  readonly branch: string | null;
  /** ISO times as the server gave them. */
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly state: ConversationState;
  /** The server's own status words (e.g. `RUNNING / awaiting_user_input`), shown beside the state. */
  readonly serverStatus: string;
}

/** A page of the server's conversations, newest first; `nextPageId` null on the last page. */
export interface ConversationPage {
  readonly items: readonly ConversationSummary[];
  readonly nextPageId: string | null;
}

/** A follow-up message: text and, as Send File does, images as data URLs. */
export interface FollowUpMessage {
  readonly text: string;
  readonly imageUrls?: readonly string[];
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
export type { SettingsChange } from './v0/settingsBody';
export type { ProviderType } from './v0/schemas';
