// The contract of the live follow (follow.ts): what it reads from, and what it tells the tab.
import type { AgentReach, CallOptions, EventsReader } from '../../api/client';
import type { ConversationEvent, EventSourceKind, PartialMessage } from '../../api/model/events';

/** Where a conversation's events can be read. */
export interface FollowSources {
  /** The app server's copy (V0: the server's own route); undefined where the line has none. */
  readonly appServer: EventsReader | undefined;
  /** Whether the conversation's agent server is reachable, and its API; undefined where the line has none (V0). */
  readonly agentReach: ((call: CallOptions) => Promise<AgentReach>) | undefined;
}

/**
 * How the follow reads now: `stream` (the agent server pushes), `polling` (asking a source on a timer), `hidden`
 * (the tab is hidden or closed: no request, no socket), `complete` (the run ended and the full re-read is done:
 * nothing more will come), `unavailable` (no source has events for this conversation).
 */
export type FollowMode = 'stream' | 'polling' | 'hidden' | 'complete' | 'unavailable';

export interface FollowStatus {
  /** The source it follows (for the tab to say), undefined before the first read. */
  readonly source: EventSourceKind | undefined;
  readonly mode: FollowMode;
  /** Older events exist before the first one held: `loadOlder` reads them. */
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  /** Why the agent server is not followed, when it is not. */
  readonly agentUnreachable?: Extract<AgentReach, { reachable: false }>['reason'] | 'failed';
  /** The last read failed (it is retried): the error, for the tab to show. */
  readonly lastError?: Error;
}

/** What the tab is told after each change: every event held (time order, unique ids), and the status. */
export interface FollowUpdate {
  readonly events: readonly ConversationEvent[];
  /** The events this update added or replaced (the tab may render only these). */
  readonly changed: readonly ConversationEvent[];
  readonly status: FollowStatus;
  /** The agent's messages being written now (where the source streams its words), oldest first. */
  readonly partials: readonly PartialMessage[];
}

/** The follow's timings (ms). */
export interface FollowTiming {
  /** How many events the first read and each `loadOlder` page ask for. */
  readonly pageSize: number;
  /** Polling the agent server's REST (no stream) while visible. */
  readonly agentPollMs: number;
  /** Polling the app server: the first interval, grown by `backoff` while nothing new arrives, up to the max. */
  readonly appPollFirstMs: number;
  readonly appPollMaxMs: number;
  readonly backoff: number;
  /** After a failure of the agent server, how long the app server is followed before the agent server is tried again. */
  readonly agentRetryMs: number;
  /** V1's app server receives the last events up to ~30 s after the run ended: the full re-read waits this long. */
  readonly fullReadDelayMs: number;
  /** A request that takes longer fails (a paused sandbox makes agent-server requests hang). */
  readonly requestTimeoutMs: number;
  /** The words of a message being written are passed on at most this often (each rebuilds the tab's items). */
  readonly partialEveryMs: number;
}

export const DEFAULT_FOLLOW_TIMING: FollowTiming = {
  pageSize: 100,
  agentPollMs: 1_000,
  appPollFirstMs: 2_000,
  appPollMaxMs: 10_000,
  backoff: 1.5,
  agentRetryMs: 30_000,
  fullReadDelayMs: 35_000,
  requestTimeoutMs: 10_000,
  partialEveryMs: 100,
};

/** What the tab drives (follow.ts's TranscriptFollower). Nothing is read before the first `setVisible(true)`. */
export interface TranscriptFollow {
  readonly events: readonly ConversationEvent[];
  readonly status: FollowStatus;
  /** Visible: reads (the newest page first, then live); hidden: stops every request and closes the stream. */
  setVisible(visible: boolean): void;
  /** Reads the page before the first event held; resolves when it is merged (nothing when there is none). */
  loadOlder(): Promise<void>;
  /** Something is expected (a follow-up was sent, an action approved): read again soon, from the first interval. */
  refreshSoon(): void;
  /** The conversation's state changed (paused, resumed, gone): the source is picked again, the agent server first. */
  reconnect(): void;
  dispose(): void;
}

/** Makes the live follow of a conversation (follow.ts's TranscriptFollower, on the system clock): for the tab and for chat. */
export type FollowFactory = (sources: FollowSources, onUpdate: (update: FollowUpdate) => void) => TranscriptFollow;
