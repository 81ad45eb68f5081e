// Runs the git executable (the one VS Code's git extension found, else `git` on the PATH) with bytes in and out:
// the apply computes the agent's files with it in a scratch folder, and reads base blobs from the local repository;
// the hand-over's snapshot points it at a temporary index and object store through `env`.
import { execFile } from 'node:child_process';

export interface GitResult {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

export interface GitRunOptions {
  readonly cwd: string;
  readonly input?: Uint8Array;
  /** Added to the extension host's environment (GIT_INDEX_FILE, GIT_DIR, ...). */
  readonly env?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export type GitRunner = (args: readonly string[], options: GitRunOptions) => Promise<GitResult>;

const MAX_OUTPUT = 256 * 1024 * 1024;

export function gitRunner(gitPath = 'git'): GitRunner {
  return (args, { cwd, input, env, signal }) => new Promise((resolve) => {
    const fullEnv = env === undefined ? undefined : { ...process.env, ...env };
    const child = execFile(gitPath, ['-c', 'core.quotePath=true', ...args], { cwd, env: fullEnv, signal, encoding: 'buffer', maxBuffer: MAX_OUTPUT }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr: stderr.toString('utf8') });
    });
    child.stdin?.end(input === undefined ? undefined : Buffer.from(input));
  });
}
