// Check Changes' copy on a 2,000-file repository: the product's way (makeCheckCopy: clone --shared --no-checkout,
// checkout of the base, git apply of the agent's patch) against the other ways of getting the files: a serial
// checkout, read-tree + checkout-index, clone --local (hard-linked objects), git archive untarred (no repository in
// the copy), a hard-link copy of the working tree (unsafe: a task's write in place changes the person's file) and a
// plain copy (the person's uncommitted edits, not the base), round by round so a busy machine's drift falls on all
// alike. Its own
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

/** Each way's median in ms: the product's first, then the ways it was measured against. */
export interface CopyFigures {
  /** makeCheckCopy: clone --shared --no-checkout, parallel checkout (a worker per core), apply (the product's). */
  readonly shared: number;
  /** The same steps alone, with one checkout worker (the product's way until parallel checkout was measured). */
  readonly sharedSerial: number;
  /** clone --shared --no-checkout, then read-tree and checkout-index -a instead of checkout. */
  readonly sharedReadTree: number;
  /** clone --local --no-checkout (hard-linked objects), checkout, apply. */
  readonly local: number;
  /** git archive of the base from the person's repository, untarred: no repository in the copy. */
  readonly archive: number;
  /** A hard-link copy of the working tree (cp -al), then the patch: unsafe, a task's write in place reaches the person's file. */
  readonly hardlinks: number;
  /** A plain copy of the working tree: the person's uncommitted edits, not the base. */
  readonly files: number;
}

type Way = keyof CopyFigures;

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
    const dir = join(root, 'copy');
    const run = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: ENV, input: args[0] === 'apply' ? patch : undefined });
    const cloned = (...how: string[]) => {
      execFileSync('git', ['clone', '-q', ...how, '--no-checkout', repo, dir]);
    };
    const ways: Record<Way, () => unknown> = {
      shared: async () => (await makeCheckCopy(gitRunner(), { folder: repo, root: copies, patch, base: [base] })).dispose(),
      sharedSerial: () => {
        cloned('--shared');
        run(dir, '-c', 'checkout.workers=1', '-c', 'advice.detachedHead=false', 'checkout', '-q', '--detach', base);
        run(dir, 'apply', '--binary', '-');
      },
      sharedReadTree: () => {
        cloned('--shared');
        run(dir, 'read-tree', base);
        run(dir, '-c', 'checkout.workers=0', 'checkout-index', '-a', '-f');
        run(dir, 'update-ref', '--no-deref', 'HEAD', base);
        run(dir, 'apply', '--binary', '-');
      },
      local: () => {
        cloned('--local');
        run(dir, '-c', 'advice.detachedHead=false', 'checkout', '-q', '--detach', base);
        run(dir, 'apply', '--binary', '-');
      },
      archive: () => {
        mkdirSync(dir);
        execFileSync('sh', ['-c', `git -C "${repo}" archive ${base} | tar -x -C "${dir}"`]);
        run(dir, 'apply', '--binary', '-');
      },
      hardlinks: () => {
        execFileSync('cp', ['-al', repo, dir]);
        rmSync(join(dir, '.git'), { recursive: true, force: true });
        run(dir, 'apply', '--binary', '-');
      },
      files: () => {
        cpSync(repo, dir, { recursive: true });
        run(dir, 'apply', '--binary', '-');
      },
    };
    const times = Object.fromEntries(Object.keys(ways).map((way) => [way, [] as number[]])) as Record<Way, number[]>;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order, so a busy machine's drift falls on all alike.
      const order = (Object.keys(ways) as Way[]).map((_way, at, all) => all[(at + round) % all.length]!);
      for (const way of order) {
        times[way].push(...await timeEach(1, async () => {
          await ways[way]();
          rmSync(dir, { recursive: true, force: true });
        }));
      }
    }
    return Object.fromEntries(Object.entries(times).map(([way, values]) => [way, median(values)])) as unknown as CopyFigures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
