// The starting result of a merge of a file the person changed and the agent changed too, as git computes it
// (`git merge-file`, the merge VS Code's git extension leaves in a conflicted file): every change of one side that
// the other side left alone is already in, and only lines both sides changed differently stay as conflict blocks
// between markers. The three texts go through a scratch folder in the OS's temporary folder, removed after.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GitRunner } from './gitRunner';

export interface MergeTexts {
  /** The person's file; null: they deleted it. A missing side is merged as an empty text. */
  readonly local: Uint8Array | null;
  /** What both started from; null: the file did not exist before (both added it). */
  readonly base: Uint8Array | null;
  /** The agent's file; null: it deleted the file. */
  readonly agent: Uint8Array | null;
}

export interface MergeLabels {
  readonly local: string;
  readonly base: string;
  readonly agent: string;
}

export interface MergeResult {
  readonly merged: Uint8Array;
  /** Conflict blocks left for the person (git counts at most 127). */
  readonly conflicts: number;
}

/** git merge-file's exit code is the number of conflicts; above 127 (or a failure to start) it failed. */
const MAX_CONFLICT_CODE = 127;

export async function threeWayMerge(git: GitRunner, texts: MergeTexts, labels: MergeLabels): Promise<MergeResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'openhands-merge-'));
  try {
    await Promise.all([
      writeFile(join(scratch, 'local'), texts.local ?? new Uint8Array()),
      writeFile(join(scratch, 'base'), texts.base ?? new Uint8Array()),
      writeFile(join(scratch, 'agent'), texts.agent ?? new Uint8Array()),
    ]);
    const result = await git(['merge-file', '-p', '-L', labels.local, '-L', labels.base, '-L', labels.agent, 'local', 'base', 'agent'], { cwd: scratch });
    if (result.code < 0 || result.code > MAX_CONFLICT_CODE) throw new Error(`git merge-file failed (${result.code}): ${result.stderr.trim()}`);
    return { merged: new Uint8Array(result.stdout), conflicts: result.code };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
