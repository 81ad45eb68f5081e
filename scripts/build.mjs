// Bundles the extension into dist/extension.js (after the esbuild-sample's build script).
// `--production` minifies and drops source maps; `--watch` rebuilds on change. Also writes the marketplace icon
// (scripts/icon.mjs), which package.json names.
import { rmSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { writeIcon } from './icon.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const ctx = await esbuild.context({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  outfile: 'dist/extension.js',
  external: ['vscode'],
  logLevel: 'warning',
});
// A source map from an earlier development build would otherwise sit beside the minified bundle.
if (production) rmSync('dist/extension.js.map', { force: true });
writeIcon();
if (watch) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
