// What the transcript tab shows: one item per thing that happened, built from the event model
// (src/api/model/events.ts) by buildTranscript. Plain data, serialisable as JSON, so the extension host posts it to
// the webview as it is. Every text in it came from the agent or the server: untrusted, rendered inert by the view.
// Items are keyed by `id` (the event's id; an action and its observation share the action's id), so a view can
// replace an item in place when its observation or a state change arrives.
import type { ConversationState } from '../../api/model/conversations';

/** A text cut at a size cap (1 MB for messages): `trimmed` says it was, `fullLength` is the length before. */
export interface TrimmedText {
  readonly text: string;
  readonly trimmed: boolean;
  readonly fullLength: number;
}

/**
 * A long output, folded: `head` and `tail` are its first and last lines, shown at once, and `hiddenLines` how
 * many lie between them; `full` holds the whole text for "show all" (itself trimmed at a cap). A short output is
 * not folded: `head` is all of it, `tail` is empty and `hiddenLines` 0.
 */
export interface FoldedText {
  readonly head: string;
  readonly tail: string;
  readonly hiddenLines: number;
  readonly folded: boolean;
  readonly full: TrimmedText;
}

/** A per-edit diff in unified format (`@@` hunks, lines starting with ' ', '-', '+'), with its counts. */
export interface EditDiff {
  readonly unified: string;
  readonly added: number;
  readonly removed: number;
  /** The files were too large to compare line by line: `unified` is empty, the counts are the line counts. */
  readonly tooLarge: boolean;
}

interface ItemBase {
  /** The event's id; an action's pair is keyed by the action's id. Unique in a transcript. */
  readonly id: string;
  /** When it happened, the server's text (naive ISO on V1): shown as it is. */
  readonly timestamp: string;
}

export interface MessageItem extends ItemBase {
  readonly kind: 'message';
  readonly from: 'person' | 'agent';
  /** Markdown (the agent's is untrusted), trimmed at 1 MB. */
  readonly text: TrimmedText;
  readonly imageCount: number;
  /** The agent is still writing it (its words as the model writes them): the event that ends it replaces it. */
  readonly writing?: boolean;
}

/** The model's reasoning: given with a message or an action, or the agent's `think` tool. */
export interface ThinkingItem extends ItemBase {
  readonly kind: 'thinking';
  readonly text: TrimmedText;
}

/**
 * Where an action stands: `running` while it has no observation, `awaiting-confirmation` while the agent waits
 * for the person to approve it (the tab offers Approve / Reject), `done` / `failed` once observed (failed: the
 * observation says it is an error, or a command's exit code is not 0), `rejected` when refused.
 */
export type ActionStatus = 'running' | 'awaiting-confirmation' | 'done' | 'failed' | 'rejected';

interface ActionItemBase extends ItemBase {
  /** The action event's id (the key approve/reject and the pairing use). */
  readonly actionId: string;
  /** The tool the agent called, as the server names it. */
  readonly tool: string;
  readonly status: ActionStatus;
  /** The observation's time, once there is one. */
  readonly finishedAt?: string;
  /** The text the model sent with the call. */
  readonly thought?: TrimmedText;
  readonly summary?: string;
  readonly securityRisk?: string;
  /** Why it was rejected, when it was. */
  readonly rejection?: string;
  /** What the action produced (an observation of another shape than expected lands here too). */
  readonly output?: FoldedText;
}

export interface CommandItem extends ActionItemBase {
  readonly kind: 'command';
  readonly command: string;
  /** null where the server gave none; absent while running. */
  readonly exitCode?: number | null;
  /** The sandbox folder it ran in, where the server said. */
  readonly workingDir?: string;
}

export interface FileItem extends ActionItemBase {
  readonly kind: 'file';
  /** The file editor's command: `view`, `create`, `str_replace`, `insert`, `undo_edit`… */
  readonly command: string;
  /** The path in the sandbox, as the agent gave it. */
  readonly path: string;
  /** The same file in the local workspace folder, where it maps there and exists; null otherwise. */
  readonly localPath: string | null;
  /** The path relative to the sandbox's working_dir (`/`-separated), where it lies under it; null otherwise. */
  readonly relativePath: string | null;
  /** The edit's own diff (from the observation's whole file before and after); absent for a view or while running. */
  readonly diff?: EditDiff;
  /** The file did not exist before (a create). */
  readonly created?: boolean;
}

export interface BrowseItem extends ActionItemBase {
  readonly kind: 'browse';
  readonly detail: string;
}

export interface McpItem extends ActionItemBase {
  readonly kind: 'mcp';
  /** The arguments as JSON text, folded when long. */
  readonly arguments: FoldedText;
}

/** A tool call of a kind the model does not describe: shown with its tool name and arguments. */
export interface ToolItem extends ActionItemBase {
  readonly kind: 'tool';
  readonly arguments: FoldedText;
}

export interface FinishItem extends ActionItemBase {
  readonly kind: 'finish';
  /** The agent's closing message, Markdown (untrusted). */
  readonly message: TrimmedText;
}

export type ActionItem = CommandItem | FileItem | BrowseItem | McpItem | ToolItem | FinishItem;

/** A refusal that names no action shown here (one that does marks that action `rejected` instead). */
export interface RejectionItem extends ItemBase {
  readonly kind: 'rejection';
  readonly actionId: string | null;
  readonly reason: string;
}

/** A result whose action is not in the transcript (not loaded yet, or the server named none). */
export interface ObservationItem extends ItemBase {
  readonly kind: 'observation';
  readonly tool: string;
  readonly isError: boolean;
  readonly output: FoldedText;
}

export interface ErrorItem extends ItemBase {
  readonly kind: 'error';
  readonly message: TrimmedText;
  readonly code?: string;
}

/** Where the run stands changed (only changes are shown: a repeat of the same state is left out). */
export interface StateItem extends ItemBase {
  readonly kind: 'state';
  readonly state: ConversationState;
  readonly serverStatus: string;
}

export interface CondensationItem extends ItemBase {
  readonly kind: 'condensation';
  readonly summary: TrimmedText;
}

/** An event of a kind the model does not know: never dropped, shown with its raw kind. */
export interface OtherItem extends ItemBase {
  readonly kind: 'other';
  readonly rawKind: string;
  readonly text: TrimmedText;
}

export type TranscriptItem =
  | MessageItem | ThinkingItem | ActionItem | RejectionItem | ObservationItem | ErrorItem | StateItem
  | CondensationItem | OtherItem;

/** The transcript as the tab shows it. */
export interface Transcript {
  readonly items: readonly TranscriptItem[];
  /** The actions the agent waits on for the person's approval (confirmation mode), oldest first. */
  readonly awaitingConfirmation: readonly string[];
  /** The last state the events reported, undefined before any. */
  readonly state?: ConversationState;
}
