// Bundles the extension (after the esbuild-sample's build script) into the files scripts/bundles.json names:
// `startup`, what VS Code loads to activate (dist/extension.js from src/extension.ts, and dist/shared.js, the
// modules it shares with the commands), and `onDemand`, dist/onDemand.js from src/onDemand.ts (every command),
// which extension.ts loads on the first command. esbuild splits code only for ES modules, and the extension is
// CommonJS (VS Code 1.100), so a first pass splits into ES modules (each module in one file only: one l10n
// port, one ApiError class for `instanceof`), and a second turns each file into CommonJS (`import()` becomes
// `require`), reading the first pass's source maps so that the development maps still point at src/.
// `--production` minifies and drops source maps; `--watch` rebuilds on change; `--analyze` prints what makes
// up each file (esbuild's analyzeMetafile). `webview`: the transcript tab's page (webview/transcript/), a
// browser script and its style sheet of their own, built after the extension's files. Also writes the marketplace icon (scripts/icon.mjs), which
// package.json names.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as esbuild from 'esbuild';
import { writeIcon } from './icon.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const analyze = process.argv.includes('--analyze');
const bundles = JSON.parse(readFileSync('scripts/bundles.json', 'utf8'));
const expected = [...bundles.startup, ...bundles.onDemand].map((file) => basename(file)).sort();
const esmDir = mkdtempSync(join(tmpdir(), 'openhands-esm-'));

/** The second pass: the first pass's ES modules, as CommonJS, into dist/ (replacing the files of an earlier build). */
async function toCommonJs(metafile) {
  const written = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js')).map((file) => basename(file)).sort();
  if (written.join() !== expected.join()) {
    throw new Error(`esbuild wrote ${written.join(', ')}; scripts/bundles.json names ${expected.join(', ')}. A new import() makes a new file: name it there (and in the bench's budgets), or import it statically.`);
  }
  for (const file of readdirSync('dist', { withFileTypes: true })) {
    if (file.isFile() && /\.js(\.map)?$/.test(file.name)) rmSync(join('dist', file.name));
  }
  await esbuild.build({
    entryPoints: written.map((file) => join(esmDir, file)),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    supported: { 'dynamic-import': false },
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    outdir: 'dist',
    logLevel: 'warning',
  });
  if (analyze) console.log(await esbuild.analyzeMetafile(metafile));
  await buildWebview();
}

/** The transcript tab's page: dist/webview.js and dist/webview.css, for the browser, no Node, no vscode. */
async function buildWebview() {
  const result = await esbuild.build({
    entryPoints: [{ in: 'webview/transcript/main.ts', out: 'webview' }, { in: 'webview/transcript/transcript.css', out: 'webview' }],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: production,
    sourcemap: false,
    outdir: 'dist',
    metafile: true,
    logLevel: 'warning',
  });
  const written = Object.keys(result.metafile.outputs).sort();
  if (written.join() !== [...bundles.webview].sort().join()) throw new Error(`the webview build wrote ${written.join(', ')}; scripts/bundles.json names ${bundles.webview.join(', ')}.`);
  if (analyze) console.log(await esbuild.analyzeMetafile(result.metafile));
}

const ctx = await esbuild.context({
  entryPoints: { extension: 'src/extension.ts', onDemand: 'src/onDemand.ts' },
  bundle: true,
  splitting: true,
  format: 'esm',
  chunkNames: 'shared',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  outdir: esmDir,
  external: ['vscode'],
  metafile: true,
  logLevel: 'warning',
  plugins: [{ name: 'commonjs', setup: (build) => build.onEnd((result) => result.errors.length ? undefined : toCommonJs(result.metafile)) }],
});
writeIcon();
if (watch) {
  await ctx.watch();
} else {
  try {
    await ctx.rebuild();
  } finally {
    await ctx.dispose();
    rmSync(esmDir, { recursive: true, force: true });
  }
}
