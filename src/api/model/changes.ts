// The extension's model of the agent's changes: the files it changed in its workspace against a base, and their
// exact contents. Adapters map each server's git routes into it (v1/ for the app server and the agent server,
// v0/ for V0's git routes); the changes tree, the diff views and the apply read only these.

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'moved';

/** One changed file; paths are relative to the workspace's repository root, `/`-separated, as the server gave them. */
export interface FileChange {
  readonly path: string;
  readonly status: ChangeStatus;
  /** The path before a move. */
  readonly oldPath?: string;
  /** Lines added and removed, where known (from a patch); undefined until counted. */
  readonly added?: number;
  readonly removed?: number;
  readonly binary?: boolean;
}

/** What the changes are measured against, and how that base was chosen (shown to the person). */
export interface ChangeBase {
  /** The ref given to the server (`HEAD`, `origin/main`…), or null for the server's own default. */
  readonly ref: string | null;
  /** The base commit where the server names it (the agent server's `X-Archive-Base-Commit`). */
  readonly commit?: string;
  /** `sent-folder`: the snapshot commit Send This Folder handed over, where the agent's work started. */
  readonly reason: 'sent-folder' | 'origin-branch' | 'archive-base' | 'head' | 'server-default' | 'empty-tree';
  /** The cloned branch's origin ref the workspace lacks (the branch was not on the remote): this base stands in for it. */
  readonly unresolved?: string;
}

export interface ChangeList {
  readonly base: ChangeBase;
  readonly files: readonly FileChange[];
}

/** A file's exact content: bytes, or null where the file does not exist on that side. */
export type ExactContent = Uint8Array | null;

/**
 * The agent's whole change as one `git diff --binary` patch against `baseCommit`. Bytes, not text: a text diff of
 * a file that is not UTF-8 carries its bytes as they are, which a decoded string would not keep.
 */
export interface ChangePatch {
  readonly bytes: Uint8Array;
  readonly baseCommit: string | null;
}
