// The snapshot on real repositories made with the git CLI: each bundle is unpacked with unpackCommand into a fresh
// `git init`ed folder, as the sandbox does, and compared with git's own view of the person's folder; the person's
// index, refs, stash, objects and files are compared before and after.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { makeSnapshot, scanFolder, sentFiles, unpackCommand, type FolderSnapshot } from '../../../src/core/handover/snapshot';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function tempDir(name = 'folder'): string {
  const root = mkdtempSync(join(tmpdir(), 'snapshot-test-'));
  roots.push(root);
  const dir = join(root, name);
  mkdirSync(dir);
  return dir;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
}

function write(folder: string, path: string, content: string | Buffer): void {
  mkdirSync(join(folder, path, '..'), { recursive: true });
  writeFileSync(join(folder, path), content);
}

function repo(files: Record<string, string | Buffer>, name?: string): string {
  const folder = tempDir(name);
  git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'config', 'core.autocrlf', 'false');
  for (const [path, content] of Object.entries(files)) write(folder, path, content);
  git(folder, 'add', '-A');
  git(folder, 'commit', '-q', '--allow-empty', '-m', 'local');
  return folder;
}

/** Every file under a folder (no .git) with the hash of its bytes, or its link target. */
function tree(folder: string, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of readdirSync(join(folder, prefix))) {
    const path = prefix === '' ? name : `${prefix}/${name}`;
    if (name === '.git') continue;
    const stats = lstatSync(join(folder, path));
    if (stats.isSymbolicLink()) found.set(path, `link:${readlinkSync(join(folder, path))}`);
    else if (stats.isDirectory()) for (const [p, h] of tree(folder, path)) found.set(p, h);
    else found.set(path, createHash('sha1').update(readFileSync(join(folder, path))).digest('hex'));
  }
  return found;
}

/** What of the person's repository must never change (status without taking the index lock). */
function personState(folder: string): string {
  const gitDir = join(folder, '.git');
  const isRepo = existsSync(gitDir);
  return JSON.stringify({
    files: [...tree(folder)].sort(), dotGit: isRepo ? [...tree(gitDir)].sort() : 'none',
    status: isRepo ? git(folder, '--no-optional-locks', 'status', '--porcelain', '--ignored', '-z') : '',
  });
}

/** Unpacks the bundle as the sandbox does and gives the checked-out files; the checkout must be clean. */
function unpacked(snapshot: FolderSnapshot): Map<string, string> {
  const sandbox = tempDir('sandbox workspace');
  git(sandbox, 'init', '-q');
  execFileSync('sh', ['-c', unpackCommand(snapshot, snapshot.bundlePath)], { cwd: sandbox });
  assert.equal(git(sandbox, 'status', '--porcelain', '--ignored'), '');
  assert.equal(git(sandbox, 'rev-parse', 'HEAD').trim(), snapshot.commit);
  assert.equal(git(sandbox, 'rev-parse', `origin/${snapshot.branch}`).trim(), snapshot.commit);
  assert.equal(git(sandbox, 'symbolic-ref', '--short', 'HEAD').trim(), snapshot.branch);
  return tree(sandbox);
}

/** git's own view of what the person's folder holds: tracked and untracked-not-ignored paths that exist. */
function gitView(folder: string, leftOut: readonly string[] = []): Map<string, string> {
  const listed = git(folder, 'ls-files', '-z', '-c', '-o', '--exclude-standard').split('\0').filter(Boolean);
  const all = tree(folder);
  return new Map([...all].filter(([path]) => listed.includes(path) && !leftOut.includes(path)));
}

async function snapshotChecked(folder: string, leaveOut: readonly string[] = [], historyLimitBytes = 1e9): Promise<{ snapshot: FolderSnapshot; files: Map<string, string> }> {
  const before = personState(folder);
  const snapshot = await makeSnapshot(folder, { leaveOut, historyLimitBytes });
  const files = unpacked(snapshot);
  assert.equal(personState(folder), before, 'the person\'s folder and repository are unchanged');
  assert.equal(snapshot.fileCount, files.size);
  return { snapshot, files };
}

describe('makeSnapshot of a git repository', () => {
  it('carries edits, deletions, renames, untracked, binary and CRLF files, never ignored ones, on top of HEAD', async () => {
    const folder = repo({ 'a.txt': 'one\n', 'gone.txt': 'bye\n', 'old name.txt': 'moved\n', 'crlf.txt': 'a\r\nb\r\n', '.gitignore': '*.log\nbuild/\n', 'staged.txt': 's\n' });
    write(folder, 'a.txt', 'one\nedited\n');
    unlinkSync(join(folder, 'gone.txt'));
    git(folder, 'mv', 'old name.txt', 'new name.txt');
    write(folder, 'staged.txt', 'in the index\n');
    git(folder, 'add', 'staged.txt');
    write(folder, 'staged.txt', 'in the working tree\n');
    write(folder, 'src/new.ts', 'export {};\n');
    write(folder, 'image.bin', Buffer.from([0, 1, 2, 255, 0, 13, 10]));
    write(folder, 'crlf new.txt', 'x\r\ny\r\n');
    write(folder, 'debug.log', 'ignored\n');
    write(folder, 'build/out.js', 'ignored\n');
    git(folder, 'stash', 'list');
    const head = git(folder, 'rev-parse', 'HEAD').trim();
    const { snapshot, files } = await snapshotChecked(folder);
    assert.deepEqual(files, gitView(folder));
    assert.ok(files.has('new name.txt') && !files.has('old name.txt') && !files.has('gone.txt') && !files.has('debug.log') && !files.has('build/out.js'));
    assert.deepEqual({ withHistory: snapshot.withHistory, baseCommit: snapshot.baseCommit, branch: snapshot.branch }, { withHistory: true, baseCommit: head, branch: 'main' });
    await snapshot.dispose();
    assert.equal(existsSync(snapshot.bundlePath), false);
  });

  it('keeps a tracked file that a .gitignore now matches, as git does', async () => {
    const folder = repo({ 'kept.log': 'tracked\n' });
    write(folder, '.gitignore', '*.log\n');
    const { files } = await snapshotChecked(folder);
    assert.ok(files.has('kept.log'));
    assert.deepEqual(files, gitView(folder));
  });

  it('keeps links inside the folder as links and leaves out and names those that point outside', async () => {
    const folder = repo({ 'target.txt': 't\n', 'dir/inner.txt': 'i\n' });
    symlinkSync('target.txt', join(folder, 'inside'));
    symlinkSync('../target.txt', join(folder, 'dir/up-but-inside'));
    symlinkSync('../../outside.txt', join(folder, 'outside'));
    symlinkSync('/etc/hostname', join(folder, 'absolute'));
    const scan = await scanFolder(folder);
    assert.deepEqual(scan.symlinksOutside, ['absolute', 'outside']);
    const { files } = await snapshotChecked(folder);
    assert.equal(files.get('inside'), 'link:target.txt');
    assert.equal(files.get('dir/up-but-inside'), 'link:../target.txt');
    assert.ok(!files.has('outside') && !files.has('absolute'));
  });

  it('names submodules and nested repositories and leaves them out', async () => {
    const library = repo({ 'lib.txt': 'lib\n' }, 'library');
    const folder = repo({ 'main.txt': 'm\n' });
    git(folder, 'submodule', 'add', '-q', library, 'vendor/lib');
    git(folder, 'commit', '-q', '-m', 'submodule');
    const nested = join(folder, 'nested');
    mkdirSync(nested);
    git(nested, 'init', '-q');
    write(nested, 'n.txt', 'n\n');
    const scan = await scanFolder(folder);
    assert.deepEqual(scan.submodules, ['nested', 'vendor/lib']);
    const { files } = await snapshotChecked(folder);
    assert.deepEqual([...files.keys()].filter((path) => path.startsWith('vendor') || path.startsWith('nested')), []);
    assert.ok(files.has('main.txt') && files.has('.gitmodules'));
  });

  it('handles a path with spaces and non-ASCII names', async () => {
    const folder = repo({ 'dätei mit leer.txt': 'ä\n' }, 'mein Ördner 文件');
    write(folder, '日本/メモ.md', 'new\n');
    write(folder, 'dätei mit leer.txt', 'ö\n');
    const scan = await scanFolder(folder);
    assert.equal(scan.fileCount, 2);
    const { files } = await snapshotChecked(folder);
    assert.deepEqual(files, gitView(folder));
  });

  it('leaves out the secret-looking files the person chose, and the history when HEAD holds one of them', async () => {
    const folder = repo({ 'config/prod.pem': 'tracked key\n', '.env.example': 'A=\n', 'app.js': '1\n' });
    write(folder, '.env', 'TOKEN=x\n');
    write(folder, 'deploy/id_rsa', 'key\n');
    write(folder, '.npmrc', '//registry:_authToken=x\n');
    const scan = await scanFolder(folder);
    assert.deepEqual([...scan.secretLooking].sort(), ['.env', '.npmrc', 'config/prod.pem', 'deploy/id_rsa']);
    const untrackedOnly = await snapshotChecked(folder, ['.env', '.npmrc', 'deploy/id_rsa']);
    assert.deepEqual(untrackedOnly.files, gitView(folder, ['.env', '.npmrc', 'deploy/id_rsa']));
    assert.equal(untrackedOnly.snapshot.withHistory, true);
    const all = await snapshotChecked(folder, scan.secretLooking);
    assert.deepEqual(all.files, gitView(folder, scan.secretLooking));
    assert.deepEqual({ withHistory: all.snapshot.withHistory, baseCommit: all.snapshot.baseCommit }, { withHistory: false, baseCommit: undefined });
  });

  it('counts what each answer of the secrets question sends, and names the largest files where one is over 10 MiB', async () => {
    const folder = repo({ 'app.js': '12345\n' });
    write(folder, '.env', 'TOKEN=x\n');
    write(folder, 'deploy/id_rsa', 'private key\n');
    write(folder, 'data/big.bin', Buffer.alloc(11 * 1024 * 1024));
    write(folder, 'data/mid.bin', Buffer.alloc(1024));
    const scan = await scanFolder(folder);
    const all = 6 + 8 + 12 + 11 * 1024 * 1024 + 1024;
    assert.deepEqual(sentFiles(scan, true), { fileCount: 5, totalBytes: all });
    assert.deepEqual(sentFiles(scan, false), { fileCount: 3, totalBytes: all - 8 - 12 }, 'Leave Them Out counts without the secret-looking files');
    assert.deepEqual(scan.largeFiles.map((file) => [file.path, file.bytes]),
      [['data/big.bin', 11 * 1024 * 1024], ['data/mid.bin', 1024], ['deploy/id_rsa', 12], ['.env', 8], ['app.js', 6]]);
    write(folder, 'data/big.bin', Buffer.alloc(10 * 1024 * 1024));
    assert.deepEqual((await scanFolder(folder)).largeFiles, [], 'none is named while none is over 10 MiB');
  });

  it('sends the snapshot alone as a root commit when the history is over the limit', async () => {
    const folder = repo({ 'big.bin': randomBytes(50_000) });
    write(folder, 'big.bin', 'now small\n');
    const { snapshot, files } = await snapshotChecked(folder, [], 10_000);
    assert.deepEqual({ withHistory: snapshot.withHistory, baseCommit: snapshot.baseCommit }, { withHistory: false, baseCommit: undefined });
    assert.ok(snapshot.bundleBytes < 10_000);
    assert.deepEqual(files, gitView(folder));
  });

  it('names the branch openhands/snapshot on a detached HEAD, and snapshots a repository without commits', async () => {
    const detached = repo({ 'a.txt': 'a\n' });
    git(detached, 'checkout', '-q', '--detach');
    const { snapshot } = await snapshotChecked(detached);
    assert.deepEqual({ branch: snapshot.branch, withHistory: snapshot.withHistory }, { branch: 'openhands/snapshot', withHistory: true });
    const unborn = tempDir();
    git(unborn, 'init', '-q', '-b', 'trunk');
    write(unborn, 'first.txt', 'f\n');
    const fresh = await snapshotChecked(unborn);
    assert.deepEqual({ branch: fresh.snapshot.branch, withHistory: fresh.snapshot.withHistory }, { branch: 'trunk', withHistory: false });
    assert.deepEqual(fresh.files, gitView(unborn));
  });
});

describe('makeSnapshot of a folder without git', () => {
  it('snapshots through a git directory elsewhere, its .gitignore still counting, writing nothing into the folder', async () => {
    const folder = tempDir('plain folder');
    write(folder, 'a.txt', 'a\n');
    write(folder, '.gitignore', 'node_modules/\n');
    write(folder, 'node_modules/x/index.js', 'ignored\n');
    const scan = await scanFolder(folder);
    assert.deepEqual({ isGitRepo: scan.isGitRepo, branch: scan.branch, headCommit: scan.headCommit, fileCount: scan.fileCount }, { isGitRepo: false, branch: undefined, headCommit: undefined, fileCount: 2 });
    const { snapshot, files } = await snapshotChecked(folder);
    assert.deepEqual([...files.keys()].sort(), ['.gitignore', 'a.txt']);
    assert.deepEqual({ branch: snapshot.branch, withHistory: snapshot.withHistory }, { branch: 'openhands/snapshot', withHistory: false });
    assert.equal(existsSync(join(folder, '.git')), false);
  });

  it('snapshots an empty folder as an empty commit', async () => {
    const folder = tempDir();
    const scan = await scanFolder(folder);
    assert.deepEqual({ fileCount: scan.fileCount, totalBytes: scan.totalBytes }, { fileCount: 0, totalBytes: 0 });
    const { files } = await snapshotChecked(folder);
    assert.equal(files.size, 0);
  });
});

describe('makeSnapshot and the person\'s abort', () => {
  it('stops with the abort and leaves no temporary folder behind', async () => {
    const folder = repo({ 'a.txt': 'a\n' });
    const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith('openhands-handover-')).length;
    const before = leftovers();
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(makeSnapshot(folder, { leaveOut: [], historyLimitBytes: 1e9, signal: aborted.signal }), { name: 'AbortError' });
    assert.equal(leftovers(), before);
  });
});

describe('unpackCommand', () => {
  it('quotes the bundle path and the branch for the shell', () => {
    assert.equal(unpackCommand({ branch: "it's/main" }, '/work space/.git/a b.bundle'),
      "git init -q && git fetch -q '/work space/.git/a b.bundle' 'refs/heads/it'\\''s/main' && git checkout -q -B 'it'\\''s/main' FETCH_HEAD"
      + " && git update-ref 'refs/remotes/origin/it'\\''s/main' FETCH_HEAD");
  });
});

describe('unpackCommand in a workspace inside another repository', () => {
  // The agent line's workspace is <the server's HOME>/.openhands/workspaces/<id>. Where that HOME lies in a git work
  // tree (a dotfiles repository; the real-server lane's HOME in the project's checkout, which is how Agent Canvas's
  // scenario found it), the server does not `git init` the workspace (`git rev-parse --git-dir` succeeds there), and
  // the fetch and checkout went to the enclosing repository: its checkout was refused ("Aborting"), or would have moved
  // its branch.
  it('makes the workspace its own repository and leaves the enclosing one as it was', async () => {
    const person = repo({ 'a.txt': 'a\n' });
    const home = repo({ '.bashrc': 'export A=1\n' }, 'home');
    const workspace = join(home, '.openhands', 'workspaces', 'c0ffee');
    mkdirSync(workspace, { recursive: true });
    const snapshot = await makeSnapshot(person, { leaveOut: [], historyLimitBytes: 1e9 });
    const enclosing = () => JSON.stringify({ head: git(home, 'symbolic-ref', 'HEAD'), refs: git(home, 'for-each-ref'), dotGit: [...tree(join(home, '.git'))].sort() });
    const before = enclosing();
    execFileSync('sh', ['-c', unpackCommand(snapshot, snapshot.bundlePath)], { cwd: workspace });
    assert.equal(enclosing(), before, 'the enclosing repository is untouched');
    assert.equal(git(workspace, 'rev-parse', '--show-toplevel').trim(), workspace);
    assert.equal(git(workspace, 'rev-parse', 'HEAD').trim(), snapshot.commit);
    assert.equal(git(workspace, 'status', '--porcelain'), '');
    assert.deepEqual([...tree(workspace)], [['a.txt', createHash('sha1').update('a\n').digest('hex')]]);
  });
});
