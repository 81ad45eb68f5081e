// Verifies the manifest against the typed ids of the source (after the GitHub Pull Requests extension's
// scripts/check-commands.js): every command contributed in package.json is registered, every command named in a
// menu or keybinding is contributed, every id in src/vscode/platform/ids.ts's command list is contributed, every
// `view == X` names a view of ids.ts's View list, and every token a `viewItem` clause matches is one of
// src/core/platform/viewItems.ts's ViewItem tokens. Walkthroughs: ids in ids.ts's Walkthrough list, every command a
// step links contributed, every context key a step's completion reads in ids.ts's Context list.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const contributed = new Set((pkg.contributes.commands ?? []).map((c) => c.command));

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}
const idsFile = readFileSync('src/vscode/platform/ids.ts', 'utf8');
// Only the `Command` object: View and Context ids share the prefix but are not commands.
const commandBlock = /export const Command = \{([\s\S]*?)\} as const;/.exec(idsFile)?.[1] ?? '';
const registered = new Set();
for (const file of sources('src')) {
  const text = readFileSync(file, 'utf8');
  // Registrations go through the typed command map: `[Command.X]: handler` or registerCommand(Command.X, …).
  for (const m of text.matchAll(/\[Command\.([A-Za-z]+)\]\s*:/g)) registered.add(m[1]);
  for (const m of text.matchAll(/registerCommand\(\s*Command\.([A-Za-z]+)/g)) registered.add(m[1]);
}
const commandIds = new Map([...commandBlock.matchAll(/^\s*([A-Za-z]+):\s*'(openhands\.[A-Za-z.]+)'/gm)].map((m) => [m[1], m[2]]));

const problems = [];
for (const id of contributed) {
  const key = [...commandIds].find(([, v]) => v === id)?.[0];
  if (!key) problems.push(`${id} is contributed but missing from src/vscode/platform/ids.ts`);
  else if (!registered.has(key)) problems.push(`${id} (Command.${key}) is contributed but never registered`);
}
for (const [key, id] of commandIds) {
  if (!contributed.has(id)) problems.push(`Command.${key} = ${id} is not contributed in package.json`);
}
const menus = Object.values(pkg.contributes.menus ?? {}).flat();
for (const entry of [...menus, ...(pkg.contributes.keybindings ?? [])]) {
  if (entry.command && !contributed.has(entry.command)) problems.push(`${entry.command} is used in a menu or keybinding but not contributed`);
}
for (const view of Object.values(pkg.contributes.viewsWelcome ?? [])) {
  for (const m of String(view.contents).matchAll(/command:(openhands\.[A-Za-z.]+)/g)) {
    if (!contributed.has(m[1])) problems.push(`${m[1]} is linked from a welcome view but not contributed`);
  }
}
const objectValues = (file, name) => {
  const block = new RegExp(`export const ${name} = \\{([\\s\\S]*?)\\} as const;`).exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return new Set([...block.matchAll(/^\s*[A-Za-z]+:\s*'([^']+)'/gm)].map((m) => m[1]));
};
const views = objectValues('src/vscode/platform/ids.ts', 'View');
const viewItems = objectValues('src/core/platform/viewItems.ts', 'ViewItem');
const whens = [...menus, ...(pkg.contributes.keybindings ?? []), ...(pkg.contributes.viewsWelcome ?? [])].map((e) => e.when ?? '');
for (const view of Object.values(pkg.contributes.views ?? {}).flat()) {
  if (!views.has(view.id)) problems.push(`view ${view.id} is contributed but missing from the View list of ids.ts`);
}
for (const when of whens) {
  for (const m of when.matchAll(/\bview\s*==\s*([\w.]+)/g)) {
    if (!views.has(m[1])) problems.push(`'${when}' names view ${m[1]}, which ids.ts's View list lacks`);
  }
  // `viewItem == token` and `viewItem =~ /…/`: every word of the regular expression is a token (\b, ^, $ and
  // groups are the only other things these clauses use).
  const tokens = [
    ...[...when.matchAll(/\bviewItem\s*==\s*(\w+)/g)].map((m) => m[1]),
    ...[...when.matchAll(/\bviewItem\s*=~\s*\/((?:\\.|[^/])*)\//g)].flatMap((m) => m[1].replace(/\\[bBwWsSdD]/g, ' ').match(/\w+/g) ?? []),
  ];
  for (const token of tokens) {
    if (!viewItems.has(token)) problems.push(`'${when}' matches viewItem token ${token}, which ViewItem in viewItems.ts lacks`);
  }
}
const contextKeys = objectValues('src/vscode/platform/ids.ts', 'Context');
const walkthroughIds = objectValues('src/vscode/platform/ids.ts', 'Walkthrough');
for (const walkthrough of pkg.contributes.walkthroughs ?? []) {
  if (!walkthroughIds.has(walkthrough.id)) problems.push(`walkthrough ${walkthrough.id} is missing from the Walkthrough list of ids.ts`);
  for (const step of walkthrough.steps) {
    for (const m of String(step.description).matchAll(/command:(openhands\.[A-Za-z.]+)/g)) {
      if (!contributed.has(m[1])) problems.push(`${m[1]} is linked from walkthrough step ${step.id} but not contributed`);
    }
    for (const event of step.completionEvents ?? []) {
      for (const m of String(event).matchAll(/\b(openhands\.[A-Za-z]+)\b/g)) {
        if (!contextKeys.has(m[1])) problems.push(`walkthrough step ${step.id} completes on ${m[1]}, which ids.ts's Context list lacks`);
      }
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`check-commands: ${contributed.size} commands contributed, declared in ids.ts and registered; ${whens.filter(Boolean).length} when-clauses checked against ${views.size} views and ${viewItems.size} view item tokens`);
