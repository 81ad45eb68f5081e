// The scenarios marked with a locale (scenario.ts) run in a second code-server started with `--locale <locale>`,
// on a copy of the extension that carries pseudo-localized bundles made by @vscode/l10n-dev from the English ones:
// l10n/bundle.l10n.<locale>.json (vscode.l10n.t, and the text port src/base/l10n.ts through it) and
// package.nls.<locale>.json (the manifest). The repository's own l10n/ and root never get them.
// code-server resolves --locale only when <user-data>/languagepacks.json names a pack for it whose
// translations.vscode file exists; an empty one ({ "contents": {} }) leaves VS Code's own texts in English.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nPseudoLocalized } from '@vscode/l10n-dev';
import { formatMessage } from '../../../src/base/l10n';
import { startCodeServer, type CodeServer } from './codeServer';
import type { E2eContext } from './context';
import { REPO_ROOT } from './paths';
import { onCleanup } from './processes';
import { innerRunFolder } from './runFolder';
import type { Session } from './session';

/** What the extension runs from (.vscodeignore ships these): the manifest, its texts, the build, the bundles, media. */
const EXTENSION_FILES = ['package.json', 'package.nls.json', 'dist', 'l10n', 'media'];

/** `message` as the pseudo bundles hold it, its `{0}`… filled with `args`: what the screen shows under the locale. */
export function pseudoLocalized(message: string, ...args: Array<string | number | boolean>): string {
  const localized = getL10nPseudoLocalized({ message }).message;
  return formatMessage(typeof localized === 'string' ? localized : localized.message, ...args);
}

function readJson(file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Copies the extension to `dir` and writes its pseudo-localized bundle and manifest texts beside the English. */
function pseudoExtensionCopy(dir: string, locale: string): void {
  for (const name of EXTENSION_FILES) fs.cpSync(path.join(REPO_ROOT, name), path.join(dir, name), { recursive: true });
  const bundle = readJson(path.join(dir, 'l10n', 'bundle.l10n.json'));
  fs.writeFileSync(path.join(dir, 'l10n', `bundle.l10n.${locale}.json`), JSON.stringify(getL10nPseudoLocalized(bundle), null, 2));
  const manifestTexts = readJson(path.join(dir, 'package.nls.json'));
  fs.writeFileSync(path.join(dir, `package.nls.${locale}.json`), JSON.stringify(getL10nPseudoLocalized(manifestTexts), null, 2));
}

/** A language pack for `locale` with no core translations, named where code-server looks for it. */
function writeLanguagePack(userDataDir: string, locale: string): void {
  const coreTranslations = path.join(userDataDir, `empty.${locale}.i18n.json`);
  fs.writeFileSync(coreTranslations, JSON.stringify({ contents: {} }));
  // VS Code's list of display languages reads the id of the pack's first extension: name one.
  const extensions = [{ extensionIdentifier: { id: `openhands-e2e.language-pack-${locale}` }, version: '0.0.0' }];
  const packs = { [locale]: { hash: `e2e-${locale}`, extensions, translations: { vscode: coreTranslations }, label: locale } };
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(packs, null, 2));
}

export interface LocaleRun {
  codeServer: CodeServer;
  /** The pseudo-localized copy, loaded as the development path. */
  extensionPath: string;
  /** The run's context, with this code-server's user data. */
  context: E2eContext;
}

/** Starts the code-server of `locale` beside the run's, pointed at the same stand-ins; stopped at cleanup. */
export async function startLocaleRun(session: Session, locale: string): Promise<LocaleRun> {
  const runFolder = innerRunFolder(session.runFolder, `locale-${locale}`);
  const extensionPath = path.join(runFolder.root, 'extension');
  pseudoExtensionCopy(extensionPath, locale);
  writeLanguagePack(runFolder.userDataDir, locale);
  const codeServer = await startCodeServer({ ...session.codeServerOptions, runFolder, locale, port: undefined });
  onCleanup(() => codeServer.stop());
  return { codeServer, extensionPath, context: { ...session.context, userDataDir: runFolder.userDataDir } };
}
