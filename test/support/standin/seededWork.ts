// A seeded conversation's finished work, for tests and the bench that need many changes without an agent run: a git
// workspace (as makeWorkspace makes it) with a base commit, then `changedFiles` changes on top, uncommitted, as an
// agent leaves them: edits, new files, deletions, among them a binary file, a CRLF file, one in Latin-1 and a
// symbolic link that points outside the workspace.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const git = (cwd: string, ...args: string[]): void => {
  execFileSync('git', ['-c', 'user.name=standin', '-c', 'user.email=standin@example.invalid', '-c', 'core.autocrlf=false', ...args], { cwd, stdio: 'ignore' });
};

function write(workspace: string, path: string, content: string | Buffer): void {
  mkdirSync(dirname(join(workspace, path)), { recursive: true });
  writeFileSync(join(workspace, path), content);
}

const lines = (name: string, count: number): string => Array.from({ length: count }, (_, i) => `${name} line ${i + 1}\n`).join('');

/** Writes the base and the changes into `workspace`, a fresh repository without commits. */
export function seedWork(workspace: string, changedFiles: number): void {
  const special = ['assets/logo.bin', 'docs/windows.txt', 'docs/latin1.txt', 'passwd-link'];
  write(workspace, 'README.md', '# Seeded project\n');
  write(workspace, special[0], Buffer.from([0, 1, 2, 3, 4, 5]));
  write(workspace, special[1], 'first\r\nsecond\r\nthird\r\n');
  write(workspace, special[2], Buffer.from('caf\xe9\nna\xefve\n', 'latin1'));
  const plain = Math.max(0, changedFiles - special.length);
  const pathOf = (i: number) => `src/module${i % 10}/file${i}.txt`;
  for (let i = 0; i < plain; i++) if (i % 3 !== 1) write(workspace, pathOf(i), lines(`file ${i}`, 12));
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'Base');
  write(workspace, special[0], Buffer.from([0, 1, 2, 3, 4, 5, 6, 255]));
  write(workspace, special[1], 'first\r\nSECOND\r\nthird\r\n');
  write(workspace, special[2], Buffer.from('caf\xe9\nna\xefve\nd\xe9j\xe0\n', 'latin1'));
  symlinkSync('/etc/passwd', join(workspace, special[3]));
  for (let i = 0; i < plain; i++) {
    if (i % 3 === 0) write(workspace, pathOf(i), lines(`file ${i}`, 12).replace(`file ${i} line 3\n`, `file ${i} line three\nan added line\n`));
    else if (i % 3 === 1) write(workspace, pathOf(i), lines(`new file ${i}`, 5));
    else rmSync(join(workspace, pathOf(i)));
  }
}
