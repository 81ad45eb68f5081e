// The extension-host test entry (extensionTestsPath): VS Code calls run() inside the real extension host.
// Every *.test.js in the feature folders below this file is a mocha suite; the summary line is "N passed, N failed".
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000 });
  const grep = process.env.E2E_GREP;
  if (grep) mocha.grep(new RegExp(grep, 'i'));
  for (const file of suiteFiles(__dirname)) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes = 0, failures: failed = 0, pending = 0 } = runner.stats ?? {};
      console.log(`${passes} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
      else resolve();
    });
  });
}

function suiteFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return suiteFiles(file);
    return entry.name.endsWith('.test.js') ? [file] : [];
  }).sort();
}
