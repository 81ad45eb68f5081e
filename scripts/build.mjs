// Bundles the extension (after the esbuild-sample's build script) from the entry points scripts/bundles.json
// names: `extension` (src/extension.ts), what VS Code loads to activate, and the parts it loads on first use:
// `onDemand` (src/onDemand.ts, the commands), `agentWork` (src/agentWork.ts: transcript, changes), `chatWork`
// (src/chatWork.ts: chat), `review` (src/review.ts) and `workApi` (src/api/workApi.ts, the client's reading of a conversation's work). Each is a file of its own in dist/,
// and the modules two or more of them use are in `shared-<hash>.js` chunks. esbuild splits code only for ES modules,
// and the extension is CommonJS (VS Code 1.100), so a first pass splits into ES modules (each module in one file
// only: one l10n port, one ApiError class for `instanceof`), and a second turns each file into CommonJS
// (`import()` becomes `require`), reading the first pass's source maps so that the development maps still point at
// src/. dist/loads.json (not shipped) names the files each entry loads with it, for the bench and the manifest test.
// `--production` minifies and drops source maps; `--watch` rebuilds on change; `--analyze` prints what makes
// up each file (esbuild's analyzeMetafile). `webview`: the transcript tab's page (webview/transcript/), a
// browser script and its style sheet of their own, built after the extension's files. Also writes the marketplace icon (scripts/icon.mjs), which
// package.json names.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as esbuild from 'esbuild';
import { writeIcon } from './icon.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const analyze = process.argv.includes('--analyze');
const bundles = JSON.parse(readFileSync('scripts/bundles.json', 'utf8'));
const esmDir = mkdtempSync(join(tmpdir(), 'openhands-esm-'));

/**
 * Each entry's file and the chunks it loads with it (its static imports, transitively), as dist/ paths. An entry
 * esbuild made of an `import()` that scripts/bundles.json does not name is an error: it needs a name and a budget.
 */
function loadsOf(metafile) {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const named = new Set(Object.keys(bundles.entries));
  const loads = {};
  for (const [file, output] of outputs) {
    const name = basename(file, '.js');
    if (!output.entryPoint) continue;
    if (!named.has(name)) throw new Error(`esbuild made an entry ${basename(file)} (of ${output.entryPoint}): a new import() makes a new file; name it in scripts/bundles.json (and give it a budget in the bench), or import it statically.`);
    const files = new Set();
    const visit = (path) => {
      if (files.has(path)) return;
      files.add(path);
      for (const imported of metafile.outputs[path].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    };
    visit(file);
    loads[name] = [...files].map((path) => `dist/${basename(path)}`);
  }
  return loads;
}

/**
 * The first pass writes `import * as vscode from "vscode"` once for each source module that imports it (85 of them),
 * and CommonJS output would turn each into `__toESM(require("vscode"))`: a copy of the whole API object, a getter
 * for each of its names, made at load. That was a third of the activation files' load time (28.5 ms, 18.6 without:
 * the bench's require of them), and garbage that spilled into activate(). The API object is already the namespace,
 * so the second pass binds it as it is.
 */
const VSCODE_NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+([\w$]+)\s+from\s*"vscode";?/g;

/**
 * The first pass ends each file with one `export { local as name, … };`. CommonJS output of that would open the file
 * with esbuild's interop helpers (`__export`, `__copyProps`, `__toCommonJS`: 390 bytes minified), once in each of the
 * 25 files, 13 of them loaded at activation: 5 KiB of the 150 that activation may load. The second pass gets the same
 * exports written as CommonJS instead: one getter each (live, as esbuild's are) on the object `require` returns, not
 * a copy, defined before the file's own code runs, at the head of its first line so that the source map's lines
 * stay put. The names read must be the ones the first pass's metafile lists, or the build stops.
 */
const EXPORT_CLAUSE = /export\s*\{([^{}]*)\};?(\s*\/\/# sourceMappingURL=\S+)?\s*$/;

function exportsAsCommonJs(source, file, expected) {
  if (expected.length === 0) return source;
  const clause = EXPORT_CLAUSE.exec(source);
  const pairs = (clause?.[1] ?? '').split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [local, name = local] = part.split(/\s+as\s+/);
    return [local, name];
  });
  const names = pairs.map(([, name]) => name);
  if (!clause || names.slice().sort().join() !== expected.slice().sort().join()) {
    throw new Error(`${file}: its export clause names ${names.join(', ') || 'nothing'}; esbuild's metafile lists ${expected.join(', ')}.`);
  }
  const getters = pairs.map(([local, name]) => `${JSON.stringify(name)}: () => ${local}`).join(', ');
  const head = `for (const [name, get] of Object.entries({ ${getters} })) Object.defineProperty(module.exports, name, { get, enumerable: true });` +
    'Object.defineProperty(module.exports, "__esModule", { value: true });';
  return head + source.slice(0, clause.index) + (clause[2] ?? '');
}

/** The second pass's reading of the first pass's files: `vscode` bound as it is, the exports as CommonJS. */
function firstPassAsCommonJs(metafile) {
  const exportsOf = new Map(Object.entries(metafile.outputs).map(([file, output]) => [basename(file), output.exports]));
  return {
    name: 'first-pass-as-commonjs',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8').replace(VSCODE_NAMESPACE_IMPORT, 'const $1 = require("vscode");');
        return { contents: exportsAsCommonJs(source, basename(args.path), exportsOf.get(basename(args.path)) ?? []), loader: 'js', resolveDir: esmDir };
      });
    },
  };
}

/** The second pass: the first pass's ES modules, as CommonJS, into dist/ (replacing the files of an earlier build). */
async function toCommonJs(metafile) {
  const written = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js')).map((file) => basename(file)).sort();
  const loads = loadsOf(metafile);
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
    // The exports are written on `module.exports` in files that still import (first-pass-as-commonjs): meant.
    logOverride: { 'commonjs-variable-in-esm': 'silent' },
    plugins: [firstPassAsCommonJs(metafile)],
  });
  writeFileSync('dist/loads.json', `${JSON.stringify(loads, null, 2)}\n`);
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
  entryPoints: bundles.entries,
  bundle: true,
  splitting: true,
  format: 'esm',
  chunkNames: 'shared-[hash]',
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
