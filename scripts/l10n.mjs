// Makes l10n/bundle.l10n.json, the English bundle translators start from, with @vscode/l10n-dev's extractor.
// usage: node scripts/l10n.mjs          write the bundle
//        node scripts/l10n.mjs --print  print what the sources hold, as JSON (the bundle test compares it)
// The extractor only reads files that import 'vscode'. src/base, src/api and src/core may not (the compiler forbids
// it), so they are handed to it with that import prepended: their `l10n.t(...)` calls then match as in src/vscode.
import { getL10nJson } from '@vscode/l10n-dev';
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const IMPORTS_VSCODE = /from 'vscode'|require\('vscode'\)/;
const files = sources('src').map((path) => {
  const text = readFileSync(path, 'utf8');
  return { extension: '.ts', contents: IMPORTS_VSCODE.test(text) ? text : `import * as vscode from 'vscode';\n${text}` };
});
const found = await getL10nJson(files);
const sorted = Object.fromEntries(Object.keys(found).sort().map((key) => [key, found[key]]));
const json = `${JSON.stringify(sorted, null, 2)}\n`;
if (process.argv.includes('--print')) {
  process.stdout.write(json);
} else {
  mkdirSync('l10n', { recursive: true });
  writeFileSync('l10n/bundle.l10n.json', json);
  console.log(`l10n/bundle.l10n.json: ${Object.keys(sorted).length} strings`);
}
