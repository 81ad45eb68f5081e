// `npm run package`: the production build (vscode:prepublish), then the VSIX, dist/openhands-conversations.vsix,
// made by vsce from a staging folder that holds only what .vscodeignore lets in. vsce lists every file under the
// folder it packages before it applies .vscodeignore (its glob leaves out node_modules alone): in the repository
// that is .cache's ~140,000 files (the OpenHands venvs, uv's cache, code-server), a minute of CPU for each package;
// the staging folder holds about 50. test/manifest.test.ts checks `vsce ls` in the repository itself, so the list
// is the same.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const VSIX = resolve('dist/openhands-conversations.vsix');
/** What .vscodeignore lets in lies in these (and .vscodeignore itself, so vsce applies the same rules). */
const STAGED = ['package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'dist', 'media', 'l10n'];

execFileSync('npm', ['run', 'vscode:prepublish'], { stdio: 'inherit' });
const stage = mkdtempSync(join(tmpdir(), 'openhands-vsix-'));
try {
  for (const entry of STAGED) if (existsSync(entry)) cpSync(entry, join(stage, entry), { recursive: true });
  // The build ran above, from the sources; vsce would run vscode:prepublish again in the staging folder, which has
  // none. VS Code runs no script of an installed extension's manifest.
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  delete manifest.scripts['vscode:prepublish'];
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const vsce = resolve('node_modules/@vscode/vsce/vsce');
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '-o', VSIX], { cwd: stage, stdio: 'inherit' });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
