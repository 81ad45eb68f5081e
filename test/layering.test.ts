// The API layer and the pure helpers must run without VS Code: they are tested with node alone, and a
// second API version or a CLI could reuse them.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..');

describe('layering', () => {
  for (const folder of ['src/api', 'src/core']) {
    it(`${folder} does not import vscode`, () => {
      const files = readdirSync(join(ROOT, folder)).filter((f) => f.endsWith('.ts'));
      assert.ok(files.length > 0);
      for (const file of files) {
        const text = readFileSync(join(ROOT, folder, file), 'utf8');
        assert.doesNotMatch(text, /from\s+['"]vscode['"]|require\(['"]vscode['"]\)/, `${folder}/${file}`);
        if (folder === 'src/api') assert.doesNotMatch(text, /from\s+['"]\.\.\/(core|vscode)\//, `${folder}/${file} reaches up a layer`);
      }
    });
  }
});
