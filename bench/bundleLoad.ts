// The load of the files activation loads (dist/extension.js and what it requires), apart from activate() itself:
// each trial a fresh Node process requires the built extension.js with a stand-in `vscode` module (each name
// @types/vscode declares, bound to a proxy that answers everything: the bundle's top level only defines things) and
// prints how long the require took.
// It is what the extension host pays to read, compile and run the bundle's top level before it calls activate().
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { median } from './stats';

/**
 * Runs in each fresh process: `vscode` resolved to the stand-in, then the timed require. The bundle takes the module's
 * names by listing its own properties (esbuild's interop), so the stand-in has each name @types/vscode declares.
 */
const TRIAL = `
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const stub = new Proxy(function () {}, { get: (target, name) => name === 'prototype' ? {} : stub, apply: () => stub, construct: () => stub });
const vscode = {};
const types = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
for (const [, name] of types.matchAll(/^\\s*export (?:class|enum|namespace|const|function|let|var) (\\w+)/gm)) vscode[name] = stub;
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const started = performance.now();
require(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;

/** The require of `bundle` in `trials` fresh processes: the median in ms. */
export function bundleLoadMs(bundle = 'dist/extension.js', trials = 20): number {
  const path = resolve(bundle);
  const times: number[] = [];
  for (let i = 0; i < trials; i++) {
    times.push(Number(execFileSync(process.execPath, ['-e', TRIAL, path], { encoding: 'utf8' })));
  }
  return median(times);
}
