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
import type { ConversationEvent, EventSourceKind, EventWindow, PartialMessage } from './model/events';
import type { ChangeList, ChangePatch, ExactContent } from './model/changes';
import type { CommandOptions, CommandResult, UploadProgress } from './model/agentCommands';
import type { LlmProfiles, ServerSecret } from './model/serverLists';

/**
 * The API lines: V0 and V1 of OpenHands' app server (0.5x-1.x), and `agent`, an OpenHands Agent Server spoken to
 * directly (PyPI openhands-agent-server, what Agent Canvas and the SDK run): each conversation runs on it.
 */
export type ApiLine = 'v0' | 'v1' | 'agent';
/** The lines of OpenHands' app server, which keep a git provider token and list changes through routes of their own. */
export type AppServerLine = Exclude<ApiLine, 'agent'>;

/** Which API a server speaks for each operation, and its version when it says. */
export interface ServerApi {
  readonly version: string | undefined;
  /** What the server is where it is not OpenHands' app server: an OpenHands Agent Server spoken to directly. */
  readonly product?: 'agent-server';
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
  readonly providerTokens?: AppServerLine | null;
  /**
   * Which API's route lists the agent's changes: V1's app-server proxy (1.11.0), V0's own for V0 conversations
   * (0.5x), null when none serves this server's conversations (1.6.0: its V0 route knows no V1 conversation).
   * Absent when the server published no routes: its conversations' line is assumed then.
   */
  readonly changes?: AppServerLine | null;
  /** The server lists V1's `/file` route (an agent's file as text; 1.6.0 and 1.11.0). */
  readonly fileText?: boolean;
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
  /**
   * The conversation a start the server took leads to (`startId`: told by onAccepted), once the server has made it
   * (V1: its start task READY); undefined where the start ended without one. Absent where a start has no id of its own.
   */
  conversationOfStart?(startId: string, call?: CallOptions): Promise<string | undefined>;
  /** One page of the server's conversations, newest first. */
  listConversations(page: { readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage>;
  /** The conversations with these ids that the server knows, in any order (absent ids are left out). */
  getConversations(ids: readonly string[], call?: CallOptions): Promise<readonly ConversationSummary[]>;
  /** Stops a conversation; absent where the server's API offers no stop through the app server. */
  stopConversation?(id: string, call?: CallOptions): Promise<void>;
  /** The state a stop leaves a conversation in, as the server then reports it (V1 pauses its sandbox: `paused`). */
  readonly stopLeaves?: ConversationState;
  /**
   * false where a start cannot name a repository for the server to clone (an agent server's start request has no
   * such field and clones nothing); absent where it can (the app server's lines, with the provider's token).
   */
  readonly clonesRepository?: false;
  /**
   * true where a conversation that ended with an error goes on: it takes a message, and Resume runs it again (an agent
   * server keeps the agent, and 1.58.2 marks a run a restart cut off as an error, then takes `/run` and messages);
   * absent where an error is the end.
   */
  readonly goesOnAfterError?: true;
  /** Starts a paused conversation's sandbox again; absent where the API offers no resume. */
  resumeConversation?(id: string, call?: CallOptions): Promise<void>;
  /**
   * The person's first message in a conversation, as the server keeps it; undefined while it has none (V1's
   * events reach its app server in batches, up to 30 s late). Absent where the API offers no such read.
   */
  firstMessage?(id: string, call?: CallOptions): Promise<string | undefined>;
  /** Renames a conversation (the server's title); absent where the API offers no rename. */
  renameConversation?(id: string, title: string, call?: CallOptions): Promise<void>;
  /** Deletes a conversation with what the server keeps of it (its events, its sandbox); absent where none. */
  deleteConversation?(id: string, call?: CallOptions): Promise<void>;
  /**
   * The conversations whose title holds `text` (case-insensitive), newest first, paged as listConversations;
   * absent where the server cannot search (V0: filter what is loaded).
   */
  searchConversations?(query: { readonly text: string; readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage>;
  /**
   * The conversations in any of `states`, by last update within each state, paged as listConversations (a page may
   * be short, even empty, while more follow); absent where the server cannot filter by state (the views then scan
   * the pages of the list). A state the server has no counterpart for is never listed.
   */
  listByState?(query: { readonly states: readonly ConversationState[]; readonly pageId?: string; readonly limit: number }, call?: CallOptions): Promise<ConversationPage>;
  /** How many conversations the server holds, or how many have `text` in their title; absent where it cannot count. */
  countConversations?(text: string | undefined, call?: CallOptions): Promise<number>;
  /**
   * The first message of each conversation among the server's newest starts, by conversation id (lower case, no
   * dashes), in one request: what `firstMessage` asks one conversation at a time. Absent where the API keeps no starts.
   */
  startMessages?(call?: CallOptions): Promise<ReadonlyMap<string, string>>;
  /** Sends a follow-up message to a running conversation; absent where the API offers none. */
  sendMessage?(id: string, message: FollowUpMessage, call?: CallOptions): Promise<void>;
}

/** One conversation's events, read from one source (the app server, V0's route, or the sandbox's agent server). */
export interface EventsReader {
  readonly source: EventSourceKind;
  /** The newest `limit` events in time order, with a cursor for the page before them. */
  latest(limit: number, call?: CallOptions): Promise<EventWindow>;
  /** The page of events before `cursor`, in time order. */
  older(cursor: string, limit: number, call?: CallOptions): Promise<EventWindow>;
  /**
   * Every event from `newest` on (the newest the caller holds; undefined: from the start), in time order. It may
   * repeat events the caller holds (an overlap window for late batches): callers merge by id.
   */
  since(newest: ConversationEvent | undefined, call?: CallOptions): Promise<readonly ConversationEvent[]>;
  /** Events pushed as they happen (the agent server's websocket); absent where the source pushes none. */
  stream?(newest: ConversationEvent | undefined, handlers: EventStreamHandlers): EventStream;
}

export interface EventStreamHandlers {
  onEvent(event: ConversationEvent): void;
  /** The agent's words so far in a message being written (where the source streams them): the whole text each time. */
  onPartial?(partial: PartialMessage): void;
  /** The message being written under `id` ended without an event (the model's call failed or was cancelled). */
  onPartialEnd?(id: string): void;
  /** The stream ended: by close(), by the server, or by a failure (then `error`). */
  onClose(error?: Error): void;
}

export interface EventStream {
  close(): void;
}

/** A conversation's sandbox agent server, reached with the conversation's own key (never the server's key). */
export interface AgentServerApi {
  readonly events: EventsReader;
  /** The files changed against `baseRef` (null: the server's default base). */
  changes(baseRef: string | null, call?: CallOptions): Promise<ChangeList>;
  /**
   * The whole change as one exact `git diff --binary` against `baseRef` (null: the server's default, the origin
   * branch or merge base, else the empty tree), naming its base commit where it is one.
   */
  patch(baseRef: string | null, call?: CallOptions): Promise<ChangePatch>;
  /**
   * Whether `patch(null)` is known to be against the empty tree (the workspace has no origin ref): learned when the
   * workspace is found, no request of its own after that; false where it is not known.
   */
  defaultBaseIsEmptyTree?(call?: CallOptions): Promise<boolean>;
  /** A workspace file's exact bytes (path relative to the workspace), null where it does not exist. */
  fileBytes(path: string, call?: CallOptions): Promise<ExactContent>;
  /**
   * Writes the local file `localPath` to `remotePath` (absolute) on the agent server's machine, streamed from disk;
   * `onSent` is told the bytes sent so far. Absent where the agent server takes no upload.
   */
  uploadFile?(localPath: string, remotePath: string, onSent?: UploadProgress, call?: CallOptions): Promise<void>;
  /**
   * An absolute folder on the agent server's machine where an uploaded file may lie until a command has used it:
   * one the upload and the command both accept, and whose files are never among the agent's changes. Absent where
   * the agent server takes no upload.
   */
  uploadFolder?(call?: CallOptions): Promise<string>;
  /** Runs a shell command in the conversation's workspace (or `cwd`) and gives its result once it ended; absent where it runs none. */
  runCommand?(command: string, options: CommandOptions, call?: CallOptions): Promise<CommandResult>;
}

/** Whether a conversation's agent server can be reached from here, and why not. */
export type AgentReach =
  | { readonly reachable: true; readonly agent: AgentServerApi }
  | { readonly reachable: false; readonly reason: 'not-running' | 'paused' | 'other-host' | 'no-url' };

export interface ConversationWorkApi {
  /** The app server's (V0: the server's) copy of a conversation's events; absent where the line has none. */
  events?(id: string): EventsReader;
  /** The conversation's agent server where it is reachable from here; absent where the line has none (V0). */
  agentServer?(id: string, call?: CallOptions): Promise<AgentReach>;
  /** Approves or rejects the action the agent waits on (confirmation mode); absent where the line offers none. */
  confirmAction?(id: string, accept: boolean, reason: string | undefined, call?: CallOptions): Promise<void>;
  /**
   * Where a rejected action leaves the agent idle, waiting (the agent server's own line), sets it going again from
   * there (`/run`); absent where a reject needs nothing more.
   */
  goOnAfterReject?(id: string, call?: CallOptions): Promise<void>;
  /** The server's own export of a conversation (V1: a zip of its events), where the line offers one. */
  downloadTrajectory?(id: string, call?: CallOptions): Promise<{ readonly fileName: string; readonly bytes: Uint8Array }>;
  /** The files the agent changed, through the app server (V1) or V0's git routes; absent where none exist. */
  listChanges?(id: string, baseRef: string | null, call?: CallOptions): Promise<ChangeList>;
  /** The agent's exact text of a UTF-8 workspace file through the app server ("" for a missing file). */
  agentFileText?(id: string, absolutePath: string, call?: CallOptions): Promise<string>;
}

export interface ProviderTokensApi {
  /**
   * Stores a token for a git provider on the server, for `host` (null: the provider's own domain), keeping the
   * tokens it holds for other providers. The server checks a token with the provider before storing it:
   * ProviderTokenRefusedError when that check fails. Absent where the server offers no route for it.
   */
  storeProviderToken?(provider: ProviderType, token: string, host: string | null, call?: CallOptions): Promise<void>;
}

/** Named LLM configurations the server keeps beside its settings; one activated becomes the settings' LLM. */
export interface LlmProfilesApi {
  list(call?: CallOptions): Promise<LlmProfiles>;
  /**
   * Saves the LLM of the stored settings as the profile `name` (overwriting one of that name), its key included as
   * the server's own encrypted form: the key never enters the extension.
   */
  saveCurrent(name: string, call?: CallOptions): Promise<void>;
  /** Makes the profile's LLM, key included, the settings' one. */
  activate(name: string, call?: CallOptions): Promise<void>;
  rename(name: string, newName: string, call?: CallOptions): Promise<void>;
  remove(name: string, call?: CallOptions): Promise<void>;
}

/** The person's own secrets the server keeps for the agent: their names are listed, their values never read back. */
export interface ServerSecretsApi {
  list(call?: CallOptions): Promise<readonly ServerSecret[]>;
  /** Adds the secret, or replaces the value of the one of that name. */
  store(name: string, value: string, description: string | null, call?: CallOptions): Promise<void>;
  remove(name: string, call?: CallOptions): Promise<void>;
}

/** What a server keeps beside its settings; each absent where the server keeps none (only an agent server does). */
export interface SettingsListsApi {
  readonly llmProfiles?: LlmProfilesApi;
  readonly serverSecrets?: ServerSecretsApi;
}

export interface OpenHandsClient extends SettingsApi, ConversationsApi, ConversationWorkApi, ProviderTokensApi, SettingsListsApi {
  readonly baseUrl: string;
  readonly api: ServerApi;
}

export type SettingsUpdater = (current: LoadedSettings | null) => SettingsChange;

export type { CallOptions, FetchFunction, TransportOptions } from './http/transport';
