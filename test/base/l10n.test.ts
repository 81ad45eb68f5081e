// The text port of the layers without vscode: English by default, the translator the VS Code layer plugs in
// once activated, and no text made while modules load (it would be made before the translator is plugged in).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { formatMessage, l10n, useTranslator } from '../../src/base/l10n';

function compiledModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return compiledModules(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

describe('l10n', () => {
  it('fills {0}, {1}… with the arguments and keeps a placeholder that has none', () => {
    assert.equal(formatMessage('{1} of {0} at {2}', 3, 'two'), 'two of 3 at {2}');
    assert.equal(l10n.t('HTTP {0}', 404), 'HTTP 404');
  });

  it('uses the translator the VS Code layer plugs in', () => {
    useTranslator((message, ...args) => `<${formatMessage(message, ...args)}>`);
    try {
      assert.equal(l10n.t('Retry in {0} s', 5), '<Retry in 5 s>');
    } finally {
      useTranslator(formatMessage);
    }
  });

  it('is not called while src/base, src/api and src/core load: text made then would miss the translator', () => {
    const madeWhileLoading: string[] = [];
    useTranslator((message) => { madeWhileLoading.push(message); return message; });
    try {
      const src = path.join(__dirname, '..', '..', 'src');
      const modules = ['base', 'api', 'core'].flatMap((layer) => compiledModules(path.join(src, layer)));
      assert.ok(modules.length > 40, `found ${modules.length} compiled modules`);
      for (const module of modules) require(module);
      assert.deepEqual(madeWhileLoading, []);
    } finally {
      useTranslator(formatMessage);
    }
  });
});
