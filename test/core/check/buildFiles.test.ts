// The changed files a build or test runs, which the first check's dialog names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { filesRunByBuilds, runByBuilds } from '../../../src/core/check/buildFiles';

describe('filesRunByBuilds', () => {
  it('names manifests, lockfiles, build and CI scripts, tool configurations and tests, in the order given', () => {
    const changed = [
      'README.md', 'package.json', 'src/app.ts', 'package-lock.json', 'Makefile', 'sub/dir/makefile', 'rules.mk', 'Cargo.lock',
      '.github/workflows/ci.yml', '.gitlab-ci.yml', 'scripts/release.js', 'tools/gen.py', 'build.sh', 'jest.config.js', 'vite.config.ts',
      'tsconfig.build.json', 'src/app.test.ts', 'src/app.spec.js', 'pkg/sum_test.go', 'tests/test_sum.py', 'test_api.py',
      'src/__tests__/view.tsx', 'conftest.py', 'requirements-dev.txt', 'docker-compose.override.yml', '.vscode/tasks.json', 'SumTest.java',
      'docs/testing.md', 'src/contest.ts', 'src/latest.ts', 'assets/logo.png',
    ];
    assert.deepEqual(filesRunByBuilds(changed), [
      'package.json', 'package-lock.json', 'Makefile', 'sub/dir/makefile', 'rules.mk', 'Cargo.lock', '.github/workflows/ci.yml', '.gitlab-ci.yml',
      'scripts/release.js', 'tools/gen.py', 'build.sh', 'jest.config.js', 'vite.config.ts', 'tsconfig.build.json', 'src/app.test.ts',
      'src/app.spec.js', 'pkg/sum_test.go', 'tests/test_sum.py', 'test_api.py', 'src/__tests__/view.tsx', 'conftest.py', 'requirements-dev.txt',
      'docker-compose.override.yml', '.vscode/tasks.json', 'SumTest.java',
    ]);
  });

  it('leaves ordinary sources and documents out', () => {
    for (const path of ['src/index.ts', 'lib/testing.ts', 'attest.py', 'docs/build.md', 'package.json.md', 'my-tests.txt']) assert.equal(runByBuilds(path), false, path);
  });
});
