import { describe, it, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parsePatch } from '../../../src/core/changes/patchParser';
import { applyHunksToBytes } from '../../../src/core/changes/applyHunks';
import { gitPathName } from '../../../src/core/changes/gitPathQuoting';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const parse = (text: string) => parsePatch(bytes(text));
const apply = (source: string, file: { hunks: Parameters<typeof applyHunksToBytes>[1] }, direction: 'forward' | 'reverse') => {
  const applied = applyHunksToBytes(bytes(source), file.hunks, direction);
  return applied === undefined ? undefined : Buffer.from(applied).toString('utf8');
};

// A real repository, a real change, and the patch `git diff --binary` makes of it, as the agent server's git-delta.
let repo: string;
const base: Record<string, string> = {
  'keep.txt': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n',
  'crlf.txt': 'a\r\nb\r\nc\r\n',
  'tail.txt': 'no final newline',
  'doomed.txt': 'bye\nnow\n',
  'old name.txt': 'moved\ncontent\nhere\nand\nmore\n',
  'src/deep/lib.ts': 'export const x = 1;\n',
};
const after_: Record<string, string> = {
  'keep.txt': 'one\ntwo\nTHREE\nfour\nfive\nsix\nseven\neight\nnine\n',
  'crlf.txt': 'a\r\nB\r\nc\r\n',
  'tail.txt': 'no final newline, still',
  'new name.txt': 'moved\ncontent\nhere\nand\nmore!\n',
  'src/deep/lib.ts': 'export const x = 2;\n',
  'added/é.md': '# hi\n+ not a header\n--- nor this\n',
};

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', ...args], { cwd: repo, encoding: 'utf8' });
}

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    fs.writeFileSync(path.join(repo, name), text);
  }
}

describe('parsePatch on a real git diff --binary', () => {
  let patch: Buffer;
  before(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'oh-patch-'));
    git('init', '-q');
    write(base);
    fs.writeFileSync(path.join(repo, 'image.bin'), Buffer.from([0, 1, 2, 3, 255]));
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base');
    fs.rmSync(path.join(repo, 'doomed.txt'));
    fs.rmSync(path.join(repo, 'old name.txt'));
    write(after_);
    fs.writeFileSync(path.join(repo, 'image.bin'), Buffer.from([0, 1, 2, 3, 254, 0]));
    fs.symlinkSync('keep.txt', path.join(repo, 'link'));
    git('add', '-A');
    fs.writeFileSync(path.join(repo, 'latin1.txt'), Buffer.from('caf\xe9\nna\xefve\n', 'latin1'));
    git('add', '-A');
    patch = execFileSync('git', ['diff', '--binary', '-M', '--cached', 'HEAD'], { cwd: repo });
  });
  after(() => fs.rmSync(repo, { recursive: true, force: true }));

  it('lists every file with its status, paths and counts', () => {
    const parsed = parsePatch(patch);
    assert.deepEqual(parsed.refused, []);
    assert.deepEqual(parsed.malformed, []);
    const summary = parsed.files.map((f) => [f.path, f.status, f.oldPath, f.added, f.removed, f.binary, f.symlink]);
    assert.deepEqual(summary.sort(), [
      ['added/é.md', 'added', undefined, 3, 0, false, false],
      ['crlf.txt', 'modified', undefined, 1, 1, false, false],
      ['doomed.txt', 'deleted', undefined, 0, 2, false, false],
      ['image.bin', 'modified', undefined, undefined, undefined, true, false],
      ['keep.txt', 'modified', undefined, 2, 1, false, false],
      ['latin1.txt', 'added', undefined, 2, 0, false, false],
      ['link', 'added', undefined, 1, 0, false, true],
      ['new name.txt', 'moved', 'old name.txt', 1, 1, false, false],
      ['src/deep/lib.ts', 'modified', undefined, 1, 1, false, false],
      ['tail.txt', 'modified', undefined, 1, 1, false, false],
    ].sort());
  });

  it('gives back the exact agent text from the base, and the exact base from the agent text (CRLF, no final newline)', () => {
    for (const file of parsePatch(patch).files.filter((f) => !f.binary && !f.symlink && f.path !== 'latin1.txt')) {
      const before = base[file.oldPath ?? file.path] ?? '';
      const agent = after_[file.path] ?? '';
      assert.equal(apply(before, file, 'forward'), agent, file.path);
      assert.equal(apply(agent, file, 'reverse'), before, file.path);
    }
    const latin1 = parsePatch(patch).files.find((f) => f.path === 'latin1.txt');
    assert.ok(latin1);
    const exact = applyHunksToBytes(new Uint8Array(), latin1.hunks, 'forward');
    assert.deepEqual(Buffer.from(exact ?? []), fs.readFileSync(path.join(repo, 'latin1.txt')));
  });

  it('keeps each file section a patch git applies by itself', () => {
    const crlf = parsePatch(patch).files.find((f) => f.path === 'crlf.txt');
    assert.ok(crlf);
    git('reset', '-q', '--hard', 'HEAD');
    execFileSync('git', ['apply', '--check', '-'], { cwd: repo, input: crlf.section });
  });
});

describe('parsePatch on hostile and odd patches', () => {
  const section = (a: string, b: string, body: string): string => `diff --git a/${a} b/${b}\n${body}`;

  it('refuses paths with .., absolute paths and .git, and keeps the safe files', () => {
    const text = [
      section('../evil', '../evil', 'new file mode 100644\n--- /dev/null\n+++ b/../evil\n@@ -0,0 +1 @@\n+x\n'),
      'diff --git "a/\\057etc/passwd" "b/\\057etc/passwd"\n--- "a/\\057etc/passwd"\n+++ "b/\\057etc/passwd"\n@@ -1 +1 @@\n-a\n+b\n',
      section('.git/hooks/post-checkout', '.git/hooks/post-checkout', 'new file mode 100755\n--- /dev/null\n+++ b/.git/hooks/post-checkout\n@@ -0,0 +1 @@\n+rm -rf ~\n'),
      section('fine.txt', 'fine.txt', 'new file mode 100644\n--- /dev/null\n+++ b/fine.txt\n@@ -0,0 +1 @@\n+ok\n'),
      section('safe.txt', '../out.txt', 'similarity index 100%\nrename from safe.txt\nrename to ../out.txt\n'),
    ].join('');
    const parsed = parse(text);
    assert.deepEqual(parsed.files.map((f) => f.path), ['fine.txt']);
    assert.deepEqual(parsed.refused.map((r) => [r.path, r.reason]), [
      ['../evil', 'parent'], ['/etc/passwd', 'absolute'], ['.git/hooks/post-checkout', 'gitFolder'], ['../out.txt', 'parent'],
    ]);
  });

  it('reads a hunk by its counts: content that looks like a header stays content', () => {
    const text = section('a.txt', 'a.txt', '--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,3 @@\n x\n+diff --git a/b b/b\n+@@ -1 +1 @@\n-y\n');
    const [file] = parse(text).files;
    assert.equal(file.added, 2);
    assert.equal(file.removed, 1);
    assert.equal(parse(text).files.length, 1);
  });

  it('marks a symbolic link entry', () => {
    const text = section('l', 'l', 'new file mode 120000\nindex 0000000..1111111\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+/etc/passwd\n\\ No newline at end of file\n');
    const [file] = parse(text).files;
    assert.equal(file.symlink, true);
    assert.equal(apply('', file, 'forward'), '/etc/passwd');
  });

  it('refuses to apply hunks that do not match the text exactly (LF base for a CRLF hunk)', () => {
    const text = section('c', 'c', '--- a/c\n+++ b/c\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+B\r\n');
    const [file] = parse(text).files;
    assert.equal(apply('a\nb\n', file, 'forward'), undefined);
    assert.equal(apply('a\r\nb\r\n', file, 'forward'), 'a\r\nB\r\n');
  });

  it('ignores text before the first file and sets a truncated file apart', () => {
    const parsed = parse('From abc\nSubject: x\n\ndiff --git a/t b/t\n--- a/t\n+++ b/t\n@@ -1,3 +1,3 @@\n a\n');
    assert.deepEqual(parsed.files, []);
    assert.deepEqual(parsed.malformed, ['t']);
  });

  it('unquotes git-quoted paths', () => {
    assert.equal(gitPathName('"t\\303\\251st \\"q\\"\\ttab"'), 'tést "q"\ttab');
    assert.equal(gitPathName('plain name'), 'plain name');
  });
});
