// The extension's event model: what happened in a conversation, whatever API line or source reported it. Each
// adapter (v1/ for the app server and the agent server, v0/ for V0's events route) maps its wire events into
// these; the transcript, the chat participant and the changes read only these. An event kind this model does
// not know is kept as `other` with its raw kind: never dropped, never a crash.
import type { ConversationState } from './conversations';

/** Who produced an event: the person, the agent, the sandbox that ran the agent's action, or the server. */
export type EventOrigin = 'user' | 'agent' | 'environment' | 'server';

interface EventBase {
  /** The server's id for the event (V1: a UUID; V0: its integer id as text): unique within a conversation. */
  readonly id: string;
  /** The time as the server gave it (V1 gives naive ISO times, its local time): shown, never compared as a Date. */
  readonly timestamp: string;
  readonly origin: EventOrigin;
}

/** A message from the person or the agent; the agent's text is Markdown (untrusted). */
export interface MessageEvent extends EventBase {
  readonly kind: 'message';
  readonly text: string;
  /** How many images the message carried (their data is not kept). */
  readonly imageCount: number;
  /** The model's reasoning sent with the message, where the server gives it. */
  readonly thinking?: string;
}

/** What the agent asked to be done. */
export type AgentAction =
  | { readonly type: 'command'; readonly command: string }
  | { readonly type: 'file'; readonly command: string; readonly path: string }
  | { readonly type: 'browse'; readonly detail: string }
  | { readonly type: 'mcp'; readonly tool: string; readonly arguments: string }
  | { readonly type: 'think'; readonly thought: string }
  | { readonly type: 'finish'; readonly message: string }
  | { readonly type: 'other'; readonly tool: string; readonly arguments: string };

export interface ActionEvent extends EventBase {
  readonly kind: 'action';
  /** The tool the agent called, as the server names it (`terminal`, `file_editor`, `finish`, an MCP tool…). */
  readonly tool: string;
  readonly action: AgentAction;
  /** The text the model sent with the call, and its reasoning where the server gives it. */
  readonly thought?: string;
  readonly thinking?: string;
  /** The server's one-line summary of the call, where it gives one. */
  readonly summary?: string;
  /** The risk the agent gave the action (`LOW`, `MEDIUM`, `HIGH`, `UNKNOWN`), where it gives one. */
  readonly securityRisk?: string;
}

/** What came of an action. */
export type ActionResult =
  | {
    readonly type: 'command'; readonly output: string; readonly exitCode: number | null;
    /** The sandbox folder the command ran in (absolute), where the server says. */
    readonly workingDir?: string;
  }
  | {
    readonly type: 'file'; readonly command: string; readonly path: string;
    /** The whole file before and after an edit, exact; null where it did not exist or the server gave none. */
    readonly oldContent: string | null; readonly newContent: string | null;
    readonly output: string;
  }
  | { readonly type: 'text'; readonly text: string };

export interface ObservationEvent extends EventBase {
  readonly kind: 'observation';
  /** The id of the action this answers, or null where the server does not say. */
  readonly actionId: string | null;
  readonly tool: string;
  readonly result: ActionResult;
  readonly isError: boolean;
}

/** The person (or the server) refused an action that waited for confirmation. */
export interface RejectionEvent extends EventBase {
  readonly kind: 'rejection';
  readonly actionId: string | null;
  readonly reason: string;
}

/** Where the run stands changed. */
export interface StateEvent extends EventBase {
  readonly kind: 'state';
  readonly state: ConversationState;
  /** The server's own word for it (`running`, `waiting_for_confirmation`, `finished`…). */
  readonly serverStatus: string;
}

/** The agent or the server reported an error. */
export interface ErrorEvent extends EventBase {
  readonly kind: 'error';
  readonly message: string;
  readonly code?: string;
}

/** The agent's history was condensed into a summary. */
export interface CondensationEvent extends EventBase {
  readonly kind: 'condensation';
  readonly summary: string;
}

/** An event of a kind the model does not know, shown with its raw kind. */
export interface OtherEvent extends EventBase {
  readonly kind: 'other';
  readonly rawKind: string;
  /** A short text for it, where one could be read. */
  readonly text: string;
}

export type ConversationEvent =
  | MessageEvent | ActionEvent | ObservationEvent | RejectionEvent | StateEvent | ErrorEvent | CondensationEvent
  | OtherEvent;

/**
 * The agent's words while the model is still writing them, where the server streams them (the agent server's
 * session socket, with a streaming LLM): `text` and `thinking` grow; the event with the same `id` (a message, or
 * an action whose thought they are) replaces it once written. Never stored, never read back: only pushed.
 */
export interface PartialMessage {
  readonly id: string;
  readonly text: string;
  readonly thinking: string;
}

/** Events in time order (oldest first); `olderCursor` reads the page before them, null at the start. */
export interface EventWindow {
  readonly events: readonly ConversationEvent[];
  readonly olderCursor: string | null;
}

/** Which server a conversation's events are read from: the sandbox's agent server (live) or the app server. */
export type EventSourceKind = 'agent-server' | 'app-server';
