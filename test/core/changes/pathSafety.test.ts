import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  checkRelativePath, describePathRefusal, resolveInsideFolder, resolveInsideFolderOnDisk, type PathRefusal,
} from '../../../src/core/changes/pathSafety';

function refusal(raw: string): PathRefusal | undefined {
  const checked = checkRelativePath(raw);
  return checked.ok ? undefined : checked.reason;
}

describe('checkRelativePath', () => {
  it('accepts plain relative paths, dots inside names included', () => {
    for (const raw of ['a.txt', 'src/app.ts', '..foo', 'a/..b/c', '.github/workflows/ci.yml', '.gitignore', 'x/.gitkeep']) {
      assert.deepEqual(checkRelativePath(raw), { ok: true, path: raw });
    }
  });

  it('refuses each hostile form with its reason', () => {
    const cases: Array<[string, PathRefusal]> = [
      ['', 'empty'],
      ['../etc/passwd', 'parent'],
      ['a/../../b', 'parent'],
      ['..', 'parent'],
      ['/etc/passwd', 'absolute'],
      ['C:/Windows/x', 'absolute'],
      ['c:evil', 'absolute'],
      ['a\\..\\..\\b', 'backslash'],
      ['\\\\server\\share', 'backslash'],
      ['a//b', 'dotSegment'],
      ['./a', 'dotSegment'],
      ['a/', 'dotSegment'],
      ['a\u0000b', 'control'],
      ['a\nb', 'control'],
      ['.git/hooks/pre-commit', 'gitFolder'],
      ['sub/.GIT/config', 'gitFolder'],
      ['.git. /config', 'gitFolder'],
    ];
    for (const [raw, reason] of cases) assert.equal(refusal(raw), reason, JSON.stringify(raw));
  });

  it('has a sentence for every refusal', () => {
    const reasons: PathRefusal[] = ['empty', 'absolute', 'parent', 'backslash', 'dotSegment', 'control', 'gitFolder', 'outside'];
    for (const reason of reasons) assert.match(describePathRefusal(reason), /\.$/);
  });
});

describe('resolveInsideFolder', () => {
  it('gives the absolute path inside the folder', () => {
    assert.deepEqual(resolveInsideFolder('/work/repo', 'src/a.ts'), { ok: true, path: path.resolve('/work/repo/src/a.ts') });
  });

  it('refuses what checkRelativePath refuses', () => {
    assert.deepEqual(resolveInsideFolder('/work/repo', '../repo2/a'), { ok: false, reason: 'parent' });
  });
});

describe('resolveInsideFolderOnDisk', () => {
  it('refuses a path through a local symbolic link that leads outside the folder', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'oh-paths-'));
    try {
      const folder = path.join(base, 'repo');
      const outside = path.join(base, 'outside');
      fs.mkdirSync(folder);
      fs.mkdirSync(outside);
      fs.symlinkSync(outside, path.join(folder, 'docs'));
      fs.symlinkSync(path.join(outside, 'x.txt'), path.join(folder, 'link.txt'));
      assert.deepEqual(await resolveInsideFolderOnDisk(folder, 'docs/new/file.md'), { ok: false, reason: 'outside' });
      assert.deepEqual(await resolveInsideFolderOnDisk(folder, 'link.txt'), { ok: false, reason: 'outside' });
      const fresh = await resolveInsideFolderOnDisk(folder, 'src/new.ts');
      assert.deepEqual(fresh, { ok: true, path: path.join(folder, 'src', 'new.ts') });
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
