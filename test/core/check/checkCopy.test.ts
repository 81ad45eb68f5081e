// The check's copy on real repositories made with the git CLI: the agent's patch applied onto the base in a folder
// of its own, the task run there, and the person's repository byte for byte the same before and after (status,
// refs, stash, the index file's bytes, every file under .git and in the folder), also when the task fails, times
// out or is cancelled; a path with spaces and non-ASCII letters; a folder without git.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gitRunner } from '../../../src/core/changes/gitRunner';
import { CheckCopyError, makeCheckCopy, removeLeftovers } from '../../../src/core/check/checkCopy';
import { runCheckProcess } from '../../../src/core/check/checkProcess';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

const ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: ENV });

function tempDir(name: string): string {
  const root = mkdtempSync(join(tmpdir(), 'check-copy-test-'));
  roots.push(root);
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function write(folder: string, path: string, content: string): void {
  mkdirSync(join(folder, path, '..'), { recursive: true });
  writeFileSync(join(folder, path), content);
}

/** A repository with a base commit, then the agent's work as a patch against it, and the person's own commit after. */
function personAndPatch(name = 'person repo'): { folder: string; base: string; patch: Buffer } {
  const folder = tempDir(name);
  git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'config', 'core.autocrlf', 'false');
  write(folder, 'sum.js', 'module.exports = (a, b) => a + b;\n');
  write(folder, 'lib/util.js', 'module.exports = {};\n');
  write(folder, 'test.sh', 'node -e "process.exit(require(\'./sum.js\')(1, 1) === 2 ? 0 : 1)"\n');
  git(folder, 'add', '-A');
  git(folder, 'commit', '-qm', 'base');
  const base = git(folder, 'rev-parse', 'HEAD').trim();
  write(folder, 'sum.js', 'module.exports = (a, b) => a - b;\n');
  write(folder, 'notes/new file é.md', 'added\n');
  git(folder, 'add', '-A');
  const patch = execFileSync('git', ['diff', '--cached', '--binary', base], { cwd: folder });
  git(folder, 'reset', '-q', '--hard', base);
  // The person's own state since: a commit, a stash, a staged and an unstaged edit, an untracked file.
  write(folder, 'mine.txt', 'mine\n');
  git(folder, 'add', 'mine.txt');
  git(folder, 'commit', '-qm', 'mine');
  write(folder, 'mine.txt', 'stashed\n');
  git(folder, 'stash', '-q');
  write(folder, 'mine.txt', 'staged\n');
  git(folder, 'add', 'mine.txt');
  write(folder, 'mine.txt', 'unstaged\n');
  write(folder, 'untracked.txt', 'u\n');
  return { folder, base, patch };
}

/** Every file under a folder (its .git too) with the hash of its bytes. */
function files(folder: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(folder, prefix)).sort()) {
    const path = prefix === '' ? name : `${prefix}/${name}`;
    if (lstatSync(join(folder, path)).isDirectory()) found.push(...files(folder, path));
    else found.push(`${path} ${createHash('sha1').update(readFileSync(join(folder, path))).digest('hex')}`);
  }
  return found;
}

/** What of the person's repository must never change, read without taking the index lock. */
function personState(folder: string): string {
  return JSON.stringify({
    status: git(folder, '--no-optional-locks', 'status', '--porcelain', '--ignored'),
    refs: git(folder, 'for-each-ref'), stash: git(folder, 'stash', 'list'), worktrees: git(folder, 'worktree', 'list', '--porcelain'),
    index: createHash('sha1').update(readFileSync(join(folder, '.git', 'index'))).digest('hex'), files: files(folder),
  });
}

describe('makeCheckCopy', () => {
  it('checks out the base with the agent\'s patch in a copy of its own, runs the task there, removes it, the person\'s repository untouched', async () => {
    const { folder, base, patch } = personAndPatch('my réposé folder');
    const root = join(tempDir('global storage'), 'checks');
    const before = personState(folder);
    const copy = await makeCheckCopy(gitRunner(), { folder, root, patch, base: [base] });
    assert.equal(copy.onHead, false);
    assert.equal(copy.commit, base);
    assert.equal(readFileSync(join(copy.cwd, 'sum.js'), 'utf8'), 'module.exports = (a, b) => a - b;\n');
    assert.equal(readFileSync(join(copy.cwd, 'notes/new file é.md'), 'utf8'), 'added\n');
    assert.equal(existsSync(join(copy.cwd, 'mine.txt')), false, 'the person\'s later commit is not in the base');
    assert.equal(git(copy.dir, 'remote'), '', 'the copy has no remote that points at the person\'s repository');
    const run = await runCheckProcess({ commandLine: 'sh test.sh && echo passed', cwd: copy.cwd, timeoutMs: 30_000 });
    assert.deepEqual([run.end, run.exitCode], ['failed', 1], 'the agent\'s broken sum fails the person\'s test');
    await copy.dispose();
    assert.deepEqual(readdirSync(root), []);
    assert.equal(personState(folder), before);
  });

  it('leaves the person\'s repository the same when the task times out or is cancelled, and ends the task\'s children', async () => {
    const { folder, base, patch } = personAndPatch();
    const root = tempDir('storage');
    const before = personState(folder);
    const copy = await makeCheckCopy(gitRunner(), { folder, root, patch, base: [base] });
    const timedOut = await runCheckProcess({ commandLine: 'sleep 30 & wait', cwd: copy.cwd, timeoutMs: 300, graceMs: 500 });
    assert.equal(timedOut.end, 'timed-out');
    assert.ok(timedOut.ms < 5000, `ended at the limit (${timedOut.ms} ms)`);
    const cancel = new AbortController();
    const running = runCheckProcess({ commandLine: 'echo started; trap "" TERM; sleep 30', cwd: copy.cwd, timeoutMs: 60_000, signal: cancel.signal, graceMs: 300 });
    setTimeout(() => cancel.abort(), 300);
    const cancelled = await running;
    assert.equal(cancelled.end, 'cancelled');
    assert.match(cancelled.output.text(), /started/);
    await copy.dispose();
    assert.equal(personState(folder), before);
  });

  it('applies onto the person\'s HEAD where the base commit is not in their repository, and says so', async () => {
    const { folder, patch } = personAndPatch();
    const copy = await makeCheckCopy(gitRunner(), { folder, root: tempDir('s'), patch, base: ['a'.repeat(40), 'origin/none', '--upload-pack=touch x'] });
    assert.equal(copy.onHead, true);
    assert.equal(copy.commit, git(folder, 'rev-parse', 'HEAD').trim());
    assert.equal(readFileSync(join(copy.cwd, 'mine.txt'), 'utf8'), 'mine\n', 'the committed file, not the person\'s uncommitted edits');
    await copy.dispose();
  });

  it('takes the person\'s own remote-tracking ref for the agent\'s origin branch', async () => {
    const { folder, base, patch } = personAndPatch();
    git(folder, 'update-ref', 'refs/remotes/origin/main', base);
    const before = personState(folder);
    const copy = await makeCheckCopy(gitRunner(), { folder, root: tempDir('s'), patch, base: ['b'.repeat(40), 'origin/main'] });
    assert.deepEqual([copy.commit, copy.onHead], [base, false]);
    await copy.dispose();
    assert.equal(personState(folder), before);
  });

  it('runs in the person\'s folder\'s place when the folder is inside the repository', async () => {
    const { folder, base, patch } = personAndPatch();
    const copy = await makeCheckCopy(gitRunner(), { folder: join(folder, 'lib'), root: tempDir('s'), patch, base: [base] });
    assert.equal(copy.cwd, join(copy.dir, 'lib'));
    await copy.dispose();
  });

  it('refuses a folder without git, a patch that does not apply, and leaves no copy behind', async () => {
    const root = tempDir('s');
    const plain = tempDir('plain folder');
    await assert.rejects(makeCheckCopy(gitRunner(), { folder: plain, root, patch: Buffer.from(''), base: [] }), (e: unknown) => e instanceof CheckCopyError && e.failure === 'no-repository');
    const { folder } = personAndPatch();
    const before = personState(folder);
    const wrong = Buffer.from('diff --git a/none.txt b/none.txt\n--- a/none.txt\n+++ b/none.txt\n@@ -1 +1 @@\n-x\n+y\n');
    await assert.rejects(makeCheckCopy(gitRunner(), { folder, root, patch: wrong, base: [] }), (e: unknown) => e instanceof CheckCopyError && e.failure === 'patch-refused' && /none\.txt/.test(e.message));
    assert.deepEqual(readdirSync(root), []);
    assert.equal(personState(folder), before);
  });

  it('leaves a dirty submodule of the person as it is; the copy has the submodule at its committed commit', async () => {
    const { folder, base, patch } = personAndPatch();
    const library = tempDir('library');
    git(library, 'init', '-q', '-b', 'main');
    write(library, 'lib.txt', 'library\n');
    git(library, 'add', '-A');
    git(library, 'commit', '-qm', 'library');
    git(folder, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', library, 'vendor/lib');
    git(folder, 'commit', '-qm', 'submodule');
    // Dirty: an edit and an untracked file inside the submodule.
    write(folder, 'vendor/lib/lib.txt', 'edited by the person\n');
    write(folder, 'vendor/lib/scratch.txt', 'untracked\n');
    const before = personState(folder);
    const copy = await makeCheckCopy(gitRunner(), { folder, root: tempDir('s'), patch, base: [base] });
    assert.equal(existsSync(join(copy.dir, 'vendor/lib/lib.txt')), false, 'the base has no submodule yet');
    await copy.dispose();
    const onHead = await makeCheckCopy(gitRunner(), { folder, root: tempDir('s'), patch, base: [] });
    assert.equal(readFileSync(join(onHead.dir, 'vendor/lib/lib.txt'), 'utf8'), 'library\n', 'the committed file, not the person\'s edit');
    assert.equal(existsSync(join(onHead.dir, 'vendor/lib/scratch.txt')), false);
    await onHead.dispose();
    assert.equal(personState(folder), before);
  });

  // Send This Folder bundles its snapshot as a branch only (core/handover/snapshot.ts), with no HEAD in the bundle:
  // a fetch of the bundle's default (its HEAD) failed there on the real 1.11.0 ("couldn't find remote ref HEAD").
  for (const [shape, refs] of [['its HEAD', ['HEAD', '^HEAD~1']], ['a branch only, as Send This Folder bundles it', ['refs/heads/openhands-snapshot']]] as const) {
    it(`takes the base from a bundle (Send This Folder's snapshot) into the copy only: a bundle of ${shape}`, async () => {
      await bundledBase(refs);
    });
  }
});

/** A snapshot commit the person's repository does not hold, bundled with `refs`, is the copy's base; their repository is untouched. */
async function bundledBase(refs: readonly string[]): Promise<void> {
  const { folder, patch } = personAndPatch();
  const elsewhere = tempDir('elsewhere');
  git(elsewhere, 'clone', '-q', folder, 'clone');
  const clone = join(elsewhere, 'clone');
  git(clone, 'checkout', '-q', 'HEAD~1');
  write(clone, 'snap.txt', 'snapshot\n');
  git(clone, 'add', '-A');
  git(clone, 'commit', '-qm', 'snapshot');
  const snapshot = git(clone, 'rev-parse', 'HEAD').trim();
  const bundle = join(elsewhere, 'snap.bundle');
  git(clone, 'branch', 'openhands-snapshot');
  git(clone, 'bundle', 'create', '-q', bundle, ...refs);
  const before = personState(folder);
  const copy = await makeCheckCopy(gitRunner(), { folder, root: tempDir('s'), patch, base: [snapshot], bundle });
  assert.deepEqual([copy.commit, copy.onHead], [snapshot, false]);
  assert.equal(readFileSync(join(copy.dir, 'snap.txt'), 'utf8'), 'snapshot\n');
  await copy.dispose();
  assert.equal(personState(folder), before);
  assert.throws(() => git(folder, 'cat-file', '-e', snapshot), 'the snapshot\'s objects never reach the person\'s repository');
}

describe('runCheckProcess', () => {
  it('keeps the last 200 KiB of a task that prints 100 MB, and its exit code', async () => {
    const folder = tempDir('loud');
    const run = await runCheckProcess({ commandLine: 'head -c 104857600 /dev/zero | tr "\\0" x; echo; echo the end; exit 4', cwd: folder, timeoutMs: 120_000 });
    assert.deepEqual([run.end, run.exitCode], ['failed', 4]);
    const kept = run.output.text();
    assert.equal(Buffer.byteLength(kept), 200 * 1024);
    assert.ok(kept.endsWith('x\nthe end\n'));
    assert.equal(run.output.cut, true);
  });

  it('runs as the person, with what they may do outside the copy: a task deletes a file of another folder', async () => {
    // Why the first check asks: nothing confines the task to the copy (docs: the consent's words).
    const copy = tempDir('copy');
    const outside = join(tempDir('elsewhere'), 'keep me.txt');
    writeFileSync(outside, 'the person\'s\n');
    const run = await runCheckProcess({ commandLine: `rm "${outside}"`, cwd: copy, timeoutMs: 30_000 });
    assert.equal(run.end, 'passed');
    assert.equal(existsSync(outside), false);
  });
});

describe('removeLeftovers', () => {
  it('removes the copies of processes that no longer run, keeps those of running ones and of this one', async () => {
    const root = tempDir('s');
    const gone = spawn('true');
    await new Promise((resolve) => gone.on('close', resolve));
    for (const name of [`check-${gone.pid}-abc`, `check-${process.pid}-def`, `check-${process.ppid}-ghi`, 'other']) mkdirSync(join(root, name, 'repo'), { recursive: true });
    assert.deepEqual(await removeLeftovers(root), [`check-${gone.pid}-abc`]);
    assert.deepEqual(readdirSync(root).sort(), [`check-${process.pid}-def`, `check-${process.ppid}-ghi`, 'other'].sort());
    assert.deepEqual(await removeLeftovers(join(root, 'missing')), []);
  });
});
