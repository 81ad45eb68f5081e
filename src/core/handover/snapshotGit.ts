// The snapshot's git calls: one runner bound to a folder, the temporary index and object store, and the person's
// abort, that fails with git's own words so the hand-over can say why a step failed.
import { l10n } from '../../base/l10n';
import type { GitRunner } from '../changes/gitRunner';

export type BoundGit = (args: readonly string[], input?: Uint8Array) => Promise<Buffer>;

export class SnapshotGitError extends Error {
  constructor(readonly args: readonly string[], readonly stderr: string) {
    super(l10n.t('git {0} failed: {1}', args[0] ?? '', stderr.trim() || l10n.t('it gave no message')));
    this.name = 'SnapshotGitError';
  }
}

export function boundGit(git: GitRunner, cwd: string, env: Readonly<Record<string, string>> | undefined, signal: AbortSignal | undefined): BoundGit {
  return async (args, input) => {
    signal?.throwIfAborted();
    const result = await git(args, { cwd, input, env, signal });
    signal?.throwIfAborted();
    if (result.code !== 0) throw new SnapshotGitError(args, result.stderr);
    return result.stdout;
  };
}

/** Like boundGit, but a non-zero exit is an answer (undefined), not a failure: for questions such as "is there a HEAD?". */
export function askGit(git: GitRunner, cwd: string, env: Readonly<Record<string, string>> | undefined, signal: AbortSignal | undefined) {
  return async (args: readonly string[]): Promise<string | undefined> => {
    signal?.throwIfAborted();
    const result = await git(args, { cwd, env, signal });
    signal?.throwIfAborted();
    return result.code === 0 ? result.stdout.toString('utf8').trim() : undefined;
  };
}

export function nulSeparated(output: Buffer): string[] {
  return output.toString('utf8').split('\0').filter((entry) => entry.length > 0);
}
