// Sandbox paths mapped into the local workspace folder.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { localPathOf, sandboxRelative } from '../../../src/core/transcript/localPath';

describe('sandboxRelative', () => {
  it('gives the path under the working_dir', () => {
    assert.equal(sandboxRelative('/workspace/project/src/a.ts', '/workspace/project'), 'src/a.ts');
    assert.equal(sandboxRelative('/workspace/project/./src//a.ts', '/workspace/project/'), 'src/a.ts');
  });

  it('refuses a path outside it, one that climbs out, a relative one, and names a local file system reads otherwise', () => {
    for (const outside of ['/etc/passwd', '/workspace/project/../secret', '/workspace/projectx/a', 'src/a.ts', '/workspace/project',
      '/workspace/project/a\\..\\..\\b', '/workspace/project/C:/x', '/workspace/project/a\u0000b']) {
      assert.equal(sandboxRelative(outside, '/workspace/project'), null, outside);
    }
  });
});

describe('localPathOf', () => {
  const local = path.join('/home', 'me', 'repo');
  const present = new Set([path.join(local, 'src', 'a.ts')]);
  const exists = (p: string) => present.has(p);

  it('maps to the same relative path in the local folder where the file exists', () => {
    assert.equal(localPathOf('/workspace/project/src/a.ts', '/workspace/project', local, exists), path.join(local, 'src', 'a.ts'));
  });

  it('gives null where the file is missing locally, or no folder or working_dir is known', () => {
    assert.equal(localPathOf('/workspace/project/src/new.ts', '/workspace/project', local, exists), null);
    assert.equal(localPathOf('/workspace/project/src/a.ts', undefined, local, exists), null);
    assert.equal(localPathOf('/workspace/project/src/a.ts', '/workspace/project', undefined, exists), null);
  });

  it('never asks about a path outside the local folder', () => {
    const asked: string[] = [];
    localPathOf('/workspace/project/../../etc/passwd', '/workspace/project', local, (p) => { asked.push(p); return true; });
    assert.deepEqual(asked, []);
  });
});
