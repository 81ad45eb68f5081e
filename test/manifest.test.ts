// What package.json declares so that a cloned repository cannot steer the extension: VS Code enforces these
// scopes, so the test checks that they are declared.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  icon: string;
  categories: string[];
  keywords: string[];
  galleryBanner: { color: string; theme: string };
  repository?: unknown;
  contributes: {
    configuration: { properties: Record<string, { scope?: string }> };
    commands: { command: string; title: string; category?: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
  };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};

/** Every `media/...` path the manifest names (view icons, walkthrough pages), wherever it sits. */
function mediaNamed(value: unknown): string[] {
  if (typeof value === 'string') return /^media\/[^\s]+$/.test(value) ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(mediaNamed);
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A command's title as the palette shows it (package.nls.json's text for a `%key%`). */
function titleOf(command: string): string {
  const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const title = manifest.contributes.commands.find((c) => c.command === command)?.title ?? command;
  return nls[title.replace(/^%|%$/g, '')] ?? title;
}

describe('package.json', () => {
  it('has the README name the Conversations view\'s title-bar commands as the palette does, not by a shorter name', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const titles = (manifest.contributes.menus['view/title'] ?? [])
      .filter((item) => item.when?.includes('view == openhands.conversations')).map((item) => titleOf(item.command));
    for (const title of titles) {
      const shorter = title.replace(/ Conversations\b/, '');
      if (shorter !== title) assert.ok(!readme.includes(`**${shorter}**`), `README says **${shorter}** for "${title}"`);
    }
  });

  it("declares openhands.serverUrl machine-scoped: a workspace's settings.json cannot point the key elsewhere", () => {
    assert.equal(manifest.contributes.configuration.properties['openhands.serverUrl']?.scope, 'machine');
  });

  it('declares openhands.servers machine-scoped: a workspace cannot add a server to switch the key to', () => {
    assert.equal(manifest.contributes.configuration.properties['openhands.servers']?.scope, 'machine');
  });

  it("declares openhands.startConversationWith machine-scoped: a repository's settings.json cannot make Start Conversation send the folder without asking", () => {
    assert.equal(manifest.contributes.configuration.properties['openhands.startConversationWith']?.scope, 'machine');
  });

  it('names OpenHands in the entries of menus other extensions share, and the palette shows them once, without "OpenHands: OpenHands"', () => {
    const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const text = (value: string) => nls[value.replace(/^%|%$/g, '')] ?? value;
    const { commands, menus } = manifest.contributes;
    const hidden = new Set(menus.commandPalette.filter((entry) => entry.when === 'false').map((entry) => entry.command));
    const shared = ['explorer/context', 'editor/context', 'editor/title/context'].flatMap((menu) => menus[menu] ?? []);
    assert.ok(shared.length > 0);
    for (const { command } of shared) {
      const contributed = commands.find((c) => c.command === command);
      assert.match(text(contributed?.title ?? ''), /OpenHands/, `${command} in a shared menu`);
      assert.ok(hidden.has(command) || !contributed?.category, `${command}: the palette would read "OpenHands: ${text(contributed?.title ?? '')}"`);
    }
  });

  it('reads conversation instructions and git host mappings only from user settings in an untrusted workspace', () => {
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.sort(), ['openhands.conversationInstructions', 'openhands.gitHosts']);
  });
});

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The images README shows by a relative path: shipped in the package, shown from it (package: --no-rewrite-relative-links). */
const readmeImages = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] as string).filter((target) => !/^https?:/.test(target));

describe('README.md', () => {
  it('links nothing else by a relative path: the package has no repository to resolve a link against', () => {
    const relative = [...readme.matchAll(/(?<!!)\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]).filter((target) => !/^(https?:|mailto:|#)/.test(target));
    assert.deepEqual(relative, []);
  });

  it("stays under 24 KiB, a newcomer's first read: reference material goes to docs/", () => {
    const bytes = Buffer.byteLength(readme, 'utf8');
    assert.ok(bytes < 24 * 1024, `README.md is ${bytes} bytes`);
  });

  it('names only docs/ pages that exist (by name: they are not shipped, so not linked)', () => {
    const named = [...readme.matchAll(/`(docs\/[\w./-]+)`/g)].map((m) => m[1]);
    assert.ok(named.length > 0, 'README names its reference pages');
    for (const page of named) assert.ok(fs.existsSync(path.join(ROOT, page)), page);
  });

  it('shows its images from files in media/', () => {
    assert.ok(readmeImages.length > 0, 'README shows an image');
    for (const image of readmeImages) {
      assert.match(image, /^media\/[\w/.-]+\.png$/);
      assert.ok(fs.existsSync(path.join(ROOT, image)), image);
    }
  });
});

/** The build's entries and the webview's files (scripts/bundles.json), and what each entry loads (dist/loads.json, once built). */
const bundles = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts', 'bundles.json'), 'utf8')) as { entries: Record<string, string>; webview: string[] };
const loadsFile = path.join(ROOT, 'dist', 'loads.json');
const built: string[] = fs.existsSync(loadsFile) ? Object.values(JSON.parse(fs.readFileSync(loadsFile, 'utf8')) as Record<string, string[]>).flat() : [];

describe('the package', () => {
  it("starts from the start-up bundle's entry", () => {
    assert.equal(manifest.main.replace(/^\.\//, ''), 'dist/extension.js');
    assert.equal(bundles.entries.extension, 'src/extension.ts');
  });

  it('lists only what runs in the VSIX (vsce ls): the bundles, the manifest and its text, the translations, icon and media, README and its images, CHANGELOG, LICENSE', () => {
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const listed = run(process.execPath, [vsce, 'ls', '--no-dependencies']).split('\n').filter(Boolean).sort();
    // The translations only: VS Code never loads the English source bundle, whose text is the code's own.
    const l10nBundles = fs.readdirSync(path.join(ROOT, 'l10n')).filter((file) => file !== 'bundle.l10n.json').map((file) => `l10n/${file}`);
    const expected = ['package.json', 'package.nls.json', ...l10nBundles, 'README.md', 'CHANGELOG.md', 'LICENSE', ...new Set(built), ...bundles.webview, manifest.icon, ...new Set([...mediaNamed(manifest), ...readmeImages])];
    // dist/ holds build products: listed when built (npm test builds after the unit tests), never anything else.
    const present = expected.filter((file) => !file.startsWith('dist/') || fs.existsSync(path.join(ROOT, file)));
    assert.deepEqual(listed, present.sort());
  });

  it('gets a 128x128 PNG icon from media/openhands.svg by the build (scripts/icon.mjs)', () => {
    assert.equal(manifest.icon, 'dist/icon.png');
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'icon-')), 'icon.png');
    run(process.execPath, ['scripts/icon.mjs', out]);
    const png = fs.readFileSync(out);
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'IHDR width and height');
    fs.rmSync(path.dirname(out), { recursive: true });
  });

  it('is found under the marketplace categories AI and Chat, with a gallery banner and no placeholder repository', () => {
    assert.deepEqual(manifest.categories, ['AI', 'Chat']);
    for (const word of ['openhands', 'ai', 'agent', 'chat']) assert.ok(manifest.keywords.includes(word), word);
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    // The project has no public repository yet: no URL rather than an invented one (package: --allow-missing-repository).
    assert.equal(manifest.repository, undefined);
  });
});

describe('chat contributions', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    enabledApiProposals?: unknown;
    contributes: { chatParticipants?: { id: string }[]; languageModelTools?: { name: string }[] };
  };
  const source = (file: string) => fs.readFileSync(path.join(ROOT, 'src', file), 'utf8');
  /** The Chat ids of ids.ts, by key. */
  const chatIds = new Map([...(/export const Chat = \{([\s\S]*?)\} as const;/.exec(source('vscode/platform/ids.ts'))?.[1] ?? '')
    .matchAll(/^\s*([A-Za-z]+):\s*'([^']+)'/gm)].map((m) => [m[1] as string, m[2] as string]));
  const registration = source('vscode/chat/chatRegistration.ts');

  it('uses no proposed API: code-server allows every proposal, the real VS Code refuses them', () => {
    assert.equal(pkg.enabledApiProposals, undefined);
  });

  it('registers in code every participant and tool it contributes, and contributes every one it registers', () => {
    const contributed = [...(pkg.contributes.chatParticipants ?? []).map((p) => p.id), ...(pkg.contributes.languageModelTools ?? []).map((t) => t.name)];
    assert.deepEqual(contributed.sort(), [...chatIds.values()].sort());
    for (const [key] of chatIds) assert.match(registration, new RegExp(`Chat\\.${key}\\b`), `chatRegistration.ts registers Chat.${key}`);
  });
});
