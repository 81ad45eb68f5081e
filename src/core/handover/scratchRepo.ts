// Where a snapshot is made: a temporary folder outside the person's folder holding a git directory, an index and
// (later) the bundle. For a git repository the person's objects are borrowed read-only (alternates) and every new
// object goes to the temporary store, so the person's repository gains nothing; a folder without git gets its git
// directory here (GIT_DIR elsewhere, GIT_WORK_TREE = the folder), so nothing is written into the folder.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { l10n } from '../../base/l10n';
import type { GitRunner } from '../changes/gitRunner';
import { askGit, boundGit, type BoundGit } from './snapshotGit';

export interface ScratchRepo {
  readonly isGitRepo: boolean;
  readonly folder: string;
  readonly dir: string;
  /** git in the person's folder with the temporary index and object store. */
  readonly inFolder: BoundGit;
  /** git in the temporary git directory (refs and the bundle live only there). */
  readonly inScratch: BoundGit;
  readonly ask: (args: readonly string[]) => Promise<string | undefined>;
  dispose(): Promise<void>;
}

// The snapshot commit's author: fixed, so a person without user.name/user.email configured can hand over too.
const SNAPSHOT_IDENTITY = { GIT_AUTHOR_NAME: 'OpenHands', GIT_AUTHOR_EMAIL: 'openhands@localhost', GIT_COMMITTER_NAME: 'OpenHands', GIT_COMMITTER_EMAIL: 'openhands@localhost' };

export async function openScratchRepo(folder: string, git: GitRunner, signal: AbortSignal | undefined): Promise<ScratchRepo> {
  const realFolder = await realpath(folder);
  const askPlain = askGit(git, realFolder, undefined, signal);
  const topLevel = await askPlain(['rev-parse', '--show-toplevel']);
  const isGitRepo = topLevel !== undefined && await realpath(topLevel) === realFolder;
  const dir = await mkdtemp(join(tmpdir(), 'openhands-handover-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const repo = join(dir, 'repo');
    await boundGit(git, dir, undefined, signal)(['init', '-q', '--bare', repo]);
    const scratchEnv = { GIT_DIR: repo };
    const folderEnv = isGitRepo ? await borrowObjects(askPlain, repo) : { GIT_DIR: repo, GIT_WORK_TREE: realFolder };
    const env = { ...folderEnv, ...SNAPSHOT_IDENTITY, GIT_INDEX_FILE: join(dir, 'index') };
    return {
      isGitRepo, folder: realFolder, dir, dispose,
      inFolder: boundGit(git, realFolder, env, signal),
      inScratch: boundGit(git, dir, scratchEnv, signal),
      ask: askGit(git, realFolder, env, signal),
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function borrowObjects(ask: (args: readonly string[]) => Promise<string | undefined>, repo: string): Promise<Record<string, string>> {
  const objects = await ask(['rev-parse', '--path-format=absolute', '--git-path', 'objects']);
  if (objects === undefined) throw new Error(l10n.t('git could not find the object store of the repository.'));
  await writeFile(join(repo, 'objects', 'info', 'alternates'), `${objects}\n`);
  return { GIT_OBJECT_DIRECTORY: join(repo, 'objects'), GIT_ALTERNATE_OBJECT_DIRECTORIES: objects };
}
