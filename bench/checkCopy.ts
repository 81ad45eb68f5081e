// Check Changes' copy on a 2,000-file repository: the product's way (makeCheckCopy: clone --shared --no-checkout,
// checkout of the base, git apply of the agent's patch) against the other ways of getting the same files (clone
// --local, which hard-links the objects, and a plain copy of the folder, which also takes the person's uncommitted
// edits and would still need the patch), round by round so a busy machine's drift falls on all alike. Its own
// rows in `npm run bench`, alone with `node out/bench/main.js --only check` (about 30 s); its budget is the issue's:
// the task starts within 2 s of the click.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitRunner } from '../src/core/changes/gitRunner';
import { makeCheckCopy } from '../src/core/check/checkCopy';
import { median, timeEach } from './stats';

export const COPY_FILES = 2000;
const ROUNDS = 9;
const ENV = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };

export interface CopyFigures {
  readonly shared: number;
  readonly local: number;
  readonly files: number;
}

export async function checkCopyBench(): Promise<CopyFigures> {
  const root = mkdtempSync(join(tmpdir(), 'bench-check-copy-'));
  try {
    const repo = join(root, 'person repo');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: ENV, encoding: 'utf8' });
    for (let i = 0; i < COPY_FILES; i++) {
      mkdirSync(join(repo, `dir${i % 40}`), { recursive: true });
      writeFileSync(join(repo, `dir${i % 40}`, `file${i}.txt`), `file ${i}\n`.repeat(40));
    }
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'base');
    git('gc', '-q');
    const base = git('rev-parse', 'HEAD').trim();
    writeFileSync(join(repo, 'dir0', 'file0.txt'), 'the agent\'s edit\n');
    const patch = execFileSync('git', ['diff', '--binary', 'HEAD'], { cwd: repo });
    git('checkout', '-q', '--', '.');
    const copies = join(root, 'copies');
    const times = { shared: [] as number[], local: [] as number[], files: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.shared.push(...await timeEach(1, async () => (await makeCheckCopy(gitRunner(), { folder: repo, root: copies, patch, base: [base] })).dispose()));
      times.local.push(...await timeEach(1, () => {
        const dir = join(root, 'local');
        execFileSync('git', ['clone', '-q', '--local', '--no-checkout', repo, dir]);
        execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', '--detach', base], { cwd: dir });
        execFileSync('git', ['apply', '--binary', '-'], { cwd: dir, input: patch });
        rmSync(dir, { recursive: true, force: true });
      }));
      times.files.push(...await timeEach(1, () => {
        const dir = join(root, 'files');
        cpSync(repo, dir, { recursive: true });
        execFileSync('git', ['apply', '--binary', '-'], { cwd: dir, input: patch });
        rmSync(dir, { recursive: true, force: true });
      }));
    }
    return { shared: median(times.shared), local: median(times.local), files: median(times.files) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
