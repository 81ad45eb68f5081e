// What the client's agent-server commands give back: a shell command's result, and an upload's progress.

/** A shell command's result on the agent server. */
export interface CommandResult {
  /** null while it runs (never returned so); -1 when it timed out or could not start (1.11.0's BashOutput). */
  readonly exitCode: number | null;
  /** Its output, at most the last 30,000 characters of each stream (the agent server splits longer output). */
  readonly stdout: string;
  readonly stderr: string;
}

export interface CommandOptions {
  /** Where it runs; absent: the conversation's workspace. */
  readonly cwd?: string;
  /** The agent server stops it after this many seconds (exit code -1). */
  readonly timeoutSeconds: number;
}

/** Told the bytes of an upload sent so far. */
export type UploadProgress = (bytesSent: number) => void;
