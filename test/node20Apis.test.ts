// The extension host of VS Code 1.100 (the engine floor) runs Node 20; the code-server of the end-to-end tests runs
// Node 24, so a use of a newer global or module API passes every other test and breaks only for people. This test
// bundles each entry of the build as the build does (dependencies included) and fails on a use of any API below;
// a use guarded by `typeof X` is a feature test and is allowed. Add an API here when a newer Node brings one.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

interface NewerApi {
  readonly name: string;
  /** The first Node release with it. */
  readonly since: number;
  readonly pattern: RegExp;
}

const SET_METHODS = 'union|intersection|difference|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom';

const NEWER_THAN_NODE_20: readonly NewerApi[] = [
  { name: 'global WebSocket', since: 22, pattern: /\bnew\s+WebSocket\b|\bglobalThis\.WebSocket\b/ },
  { name: 'global navigator', since: 21, pattern: /(?<!typeof\s+)\bnavigator\b(?!\s*[:=])/ },
  { name: 'global EventSource', since: 22, pattern: /\bnew\s+EventSource\b/ },
  { name: 'node:sqlite', since: 22, pattern: /\brequire\(\s*["'](?:node:)?sqlite["']\s*\)|\bfrom\s+["']node:sqlite["']/ },
  { name: 'process.getBuiltinModule', since: 22, pattern: /\bprocess\.getBuiltinModule\b/ },
  { name: 'Promise.withResolvers', since: 22, pattern: /\bPromise\.withResolvers\b/ },
  { name: 'Promise.try', since: 24, pattern: /\bPromise\.try\b/ },
  { name: 'Array.fromAsync', since: 22, pattern: /\bArray\.fromAsync\b/ },
  { name: 'Object.groupBy / Map.groupBy', since: 21, pattern: /\b(?:Object|Map)\.groupBy\b/ },
  { name: 'Set.prototype.union and the other set methods', since: 22, pattern: new RegExp(`\\.(?:${SET_METHODS})\\(`) },
  { name: 'Iterator helpers', since: 22, pattern: /\bIterator\.(?:from|prototype)\b/ },
  { name: 'RegExp.escape', since: 24, pattern: /\bRegExp\.escape\b/ },
  { name: 'Float16Array / Math.f16round', since: 24, pattern: /\bFloat16Array\b|\bMath\.f16round\b/ },
  { name: 'URL.parse', since: 22, pattern: /\bURL\.parse\b/ },
  { name: 'URLPattern', since: 24, pattern: /\bURLPattern\b/ },
  { name: 'Error.isError', since: 24, pattern: /\bError\.isError\b/ },
  { name: 'Uint8Array.fromBase64 / fromHex', since: 25, pattern: /\bUint8Array\.from(?:Base64|Hex)\b/ },
  { name: 'fs.glob / fs.globSync', since: 22, pattern: /\.glob(?:Sync)?\(/ },
  { name: 'path.matchesGlob', since: 22, pattern: /\.matchesGlob\(/ },
  { name: 'util.getCallSites', since: 22, pattern: /\.getCallSites\(/ },
];

/** Each use of a newer API in `code`, with its line. */
function newerApiUses(code: string): string[] {
  const uses: string[] = [];
  code.split('\n').forEach((line, i) => {
    for (const api of NEWER_THAN_NODE_20) {
      if (api.pattern.test(line)) uses.push(`${api.name} (Node ${api.since}) at line ${i + 1}: ${line.trim().slice(0, 160)}`);
    }
  });
  return uses;
}

/** A composition root bundled as the build bundles it (target node20, dependencies inlined), not minified. */
async function bundled(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, write: false, format: 'cjs', platform: 'node', target: 'node20',
    external: ['vscode'], logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

describe('no Node API newer than Node 20 (VS Code 1.100\'s extension host)', () => {
  // Every entry the build makes (scripts/bundles.json), each bundled with what it imports.
  const entries = Object.values((JSON.parse(fs.readFileSync('scripts/bundles.json', 'utf8')) as { entries: Record<string, string> }).entries);
  for (const entry of entries) {
    it(`${entry}, bundled with what it imports, uses none`, async () => {
      assert.deepEqual(newerApiUses(await bundled(entry)), []);
    });
  }

  it('finds each API in a planted use, and lets a feature test through', () => {
    const planted = [
      'const ws = new WebSocket(url);', 'const agent = navigator.userAgent;', 'const es = new EventSource(u);',
      'const db = require("node:sqlite");', 'process.getBuiltinModule("fs")', 'const { promise } = Promise.withResolvers();',
      'await Promise.try(f);', 'await Array.fromAsync(it);', 'Object.groupBy(items, f)', 'a.union(b)', 'Iterator.from(x)',
      'RegExp.escape(s)', 'new Float16Array(2)', 'URL.parse(text)', 'new URLPattern(p)', 'Error.isError(e)',
      'Uint8Array.fromBase64(s)', 'fs.globSync("*")', 'path.matchesGlob(p, g)', 'util.getCallSites()',
    ];
    assert.equal(planted.length, NEWER_THAN_NODE_20.length);
    planted.forEach((line, i) => assert.match(newerApiUses(line).join('\n'), new RegExp(`^${NEWER_THAN_NODE_20[i].name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} `), line));
    assert.deepEqual(newerApiUses('if (typeof navigator !== "undefined") {}\nconst set = new Set([1]).has(1);'), []);
  });
});
