// The localization is complete: every text the sources pass to l10n.t / vscode.l10n.t is in the English bundle
// (made by @vscode/l10n-dev, `npm run l10n`), and every text package.json shows comes from package.nls.json.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

let extraction: Record<string, unknown> | undefined;

/** The texts the sources use, extracted once for the file (@vscode/l10n-dev parses every source: 20-50 s). */
function extracted(): Record<string, unknown> {
  if (extraction) return extraction;
  const result = spawnSync(process.execPath, ['scripts/l10n.mjs', '--print'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  extraction = JSON.parse(result.stdout) as Record<string, unknown>;
  return extraction;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The manifest's text a person reads, by where it sits: every one must be a `%key%` of package.nls.json. */
function shownText(manifest: Record<string, Json>): Array<[string, Json]> {
  const contributes = manifest.contributes as Record<string, Json>;
  const at = (where: string, value: Json | undefined): Array<[string, Json]> => (value === undefined ? [] : [[where, value]]);
  const list = (value: Json | undefined): Array<Record<string, Json>> => (Array.isArray(value) ? value as Array<Record<string, Json>> : []);
  const properties = (prefix: string, props: Json | undefined): Array<[string, Json]> => Object.entries((props ?? {}) as Record<string, Record<string, Json>>).flatMap(([key, p]) => [
    ...at(`${prefix}${key}.description`, p.description), ...at(`${prefix}${key}.markdownDescription`, p.markdownDescription),
    ...list(p.enumDescriptions as Json).map((d, i): [string, Json] => [`${prefix}${key}.enumDescriptions.${i}`, d as unknown as Json]),
    ...properties(`${prefix}${key}.`, (p.items as Record<string, Json> | undefined)?.properties),
  ]);
  const configuration = contributes.configuration as Record<string, Json>;
  return [
    ...at('displayName', manifest.displayName), ...at('description', manifest.description),
    ...Object.entries(manifest.capabilities as Record<string, Record<string, Json>>).flatMap(([k, c]) => at(`capabilities.${k}`, c.description)),
    ...list(contributes.commands).flatMap((c) => [...at(`${String(c.command)} title`, c.title), ...at(`${String(c.command)} category`, c.category)]),
    ...at('configuration.title', configuration.title), ...properties('', configuration.properties),
    ...Object.values(contributes.viewsContainers as Record<string, Json>).flatMap(list).flatMap((v) => at(`${String(v.id)} title`, v.title)),
    ...Object.values(contributes.views as Record<string, Json>).flatMap(list).flatMap((v) => [...at(`${String(v.id)} name`, v.name), ...at(`${String(v.id)} contextualTitle`, v.contextualTitle)]),
    ...list(contributes.viewsWelcome).flatMap((w, i) => at(`viewsWelcome.${i}`, w.contents)),
    ...list(contributes.chatParticipants).flatMap((p) => [...at(`${String(p.id)} fullName`, p.fullName), ...at(`${String(p.id)} description`, p.description),
      ...list(p.commands).flatMap((c) => at(`${String(p.id)} /${String(c.name)}`, c.description))]),
    ...list(contributes.languageModelTools).flatMap((t) => [...at(`${String(t.name)} displayName`, t.displayName), ...at(`${String(t.name)} userDescription`, t.userDescription)]),
    ...list(contributes.walkthroughs).flatMap((w) => [...at(`${String(w.id)} title`, w.title), ...at(`${String(w.id)} description`, w.description),
      ...list(w.steps).flatMap((s) => [...at(`${String(s.id)} title`, s.title), ...at(`${String(s.id)} description`, s.description)])]),
  ];
}

describe('the l10n bundle', () => {
  it('holds every text the sources pass to l10n.t or vscode.l10n.t (npm run l10n writes it)', () => {
    const bundle = readJson('l10n/bundle.l10n.json');
    const missing = Object.keys(extracted()).filter((message) => !(message in bundle));
    assert.deepEqual(missing, [], 'not in l10n/bundle.l10n.json: run npm run l10n');
  });

  it('holds no text the sources no longer use', () => {
    const used = extracted();
    const stale = Object.keys(readJson('l10n/bundle.l10n.json')).filter((message) => !(message in used));
    assert.deepEqual(stale, [], 'unused in l10n/bundle.l10n.json: run npm run l10n');
  });

  it('is the bundle package.json names for VS Code to load', () => {
    assert.equal(readJson('package.json').l10n, './l10n');
  });
});

describe('package.nls.json', () => {
  const manifest = readJson('package.json') as Record<string, Json>;
  const nls = readJson('package.nls.json');

  it("holds every text package.json shows: titles, descriptions, views, welcome content, the walkthrough", () => {
    const raw = shownText(manifest).filter(([, value]) => typeof value !== 'string' || !/^%[^%]+%$/.test(value));
    assert.deepEqual(raw, []);
    assert.ok(shownText(manifest).length > 60, 'the manifest text was found');
  });

  it('defines every %key% package.json names, and no key nothing names', () => {
    const named = new Set([...JSON.stringify(manifest).matchAll(/"%([^%"]+)%"/g)].map((m) => m[1] as string));
    assert.deepEqual([...named].filter((key) => !(key in nls)), [], 'named but not defined');
    assert.deepEqual(Object.keys(nls).filter((key) => !named.has(key)), [], 'defined but not named');
  });
});
