// Runs compiled `*.test.js` files with node's own test runner.
// usage: node scripts/run-node-tests.mjs unit | <folder under out/test> ...
// `unit` means every test under out/test except the suites that need a VS Code, an OpenHands server or a network
// namespace (topology: scripts/topology.sh).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = 'out/test';
const NOT_UNIT = new Set(['e2e', 'conformance', 'topology']);

function findTests(dir) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return dir.endsWith('.test.js') ? [dir] : [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.js') ? [path] : [];
  });
}

const args = process.argv.slice(2);
const folders = args[0] === 'unit'
  ? readdirSync(ROOT).filter((d) => !NOT_UNIT.has(d)).map((d) => join(ROOT, d))
  : args.map((d) => join(ROOT, d));
const files = folders.flatMap(findTests).sort();
if (files.length === 0) {
  console.error(`no test files found in ${folders.join(', ')}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--test', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
