// The three operations the extension needs, behind one interface. The UI depends only on this interface,
// so a server that speaks another API version (OpenHands 1.x serves /api/v1/...) can be added as a second
// implementation without touching it.
import type { SettingsChange } from './v0/settingsBody';
import type { ConversationRequest, ConversationResponse, LoadedSettings, Settings } from './v0/schemas';
import type { CallOptions } from './http/transport';

export interface OpenHandsClient {
  readonly baseUrl: string;
  /** The stored settings, or null when the server has none yet (a fresh server answers 404 until the first save). */
  loadSettings(call?: CallOptions): Promise<LoadedSettings | null>;
  /** Replaces the stored settings with `settings`, as the server does: omitted fields go back to their defaults. */
  storeSettings(settings: Settings, call?: CallOptions): Promise<void>;
  /**
   * Changes only the fields in `change` and keeps everything else: a fresh load, the change applied, the whole
   * object stored with untouched secrets left out, then the stored result loaded again. Calls run one at a time,
   * in the order they were made. A function receives the freshly loaded settings and returns the change, for
   * edits that depend on the current value (adding an entry to a list).
   */
  updateSettings(change: SettingsChange | SettingsUpdater, call?: CallOptions): Promise<LoadedSettings | null>;
  /** Starts a conversation; only the fields given are sent. */
  createConversation(request: ConversationRequest, call?: CallOptions): Promise<ConversationResponse>;
}

export type SettingsUpdater = (current: LoadedSettings | null) => SettingsChange;

export type { CallOptions, FetchFunction, TransportOptions } from './http/transport';
export type { SettingsChange } from './v0/settingsBody';
