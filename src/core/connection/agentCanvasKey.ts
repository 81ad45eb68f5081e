// Agent Canvas on this machine: its launcher keeps the key of the agent server it starts (on 127.0.0.1:8000 by
// default) in ~/.openhands/agent-canvas/api-key.txt. Set API Key offers that key for a server on this machine when
// the file is there; the file is read only when the person picks it, and the key is then stored like a typed one.
// The file system is reached through a small port, so that a test counts the reads.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { CredentialKind } from '../../api/http/credential';
import { l10n } from '../../base/l10n';
import { KEY_KINDS } from './storedCredential';
import { isLoopbackUrl } from './serverUrl';

/** What Set API Key needs of the file system. */
export interface KeyFiles {
  exists(file: string): Promise<boolean>;
  read(file: string): Promise<string>;
}

export const nodeKeyFiles: KeyFiles = {
  exists: (file) => fs.access(file).then(() => true, () => false),
  read: (file) => fs.readFile(file, 'utf8'),
};

export type CanvasKey = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly problem: string };

/** Where Agent Canvas writes its key under `home`. */
export function canvasKeyFile(home: string): string {
  return path.join(home, '.openhands', 'agent-canvas', 'api-key.txt');
}

/** The key file to offer for `url`: only a server on this machine, and only when the file exists (not read here). */
export async function canvasKeyOffer(url: string, home: string, files: KeyFiles = nodeKeyFiles): Promise<string | undefined> {
  if (!isLoopbackUrl(url)) return undefined;
  const file = canvasKeyFile(home);
  return (await files.exists(file)) ? file : undefined;
}

/** The key the file holds: one line, no spaces. The problem never quotes the file's content. */
export async function readCanvasKey(file: string, files: KeyFiles = nodeKeyFiles): Promise<CanvasKey> {
  let text: string;
  try {
    text = await files.read(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, problem: l10n.t('{0} could not be read ({1}).', file, code) };
  }
  const key = text.trim();
  if (!key) return { ok: false, problem: l10n.t('{0} is empty.', file) };
  if (/\s/.test(key)) return { ok: false, problem: l10n.t('{0} holds more than one key (spaces or several lines).', file) };
  return { ok: true, key };
}

export type KeyChoice = CredentialKind | 'canvas';

/**
 * Set API Key's first step: Agent Canvas's key first where it is offered (it is what a person with Canvas on this
 * machine wants), then the session key and the Cloud key. The texts are made in the display language when called.
 */
export function keyChoices(canvasOffered: boolean): { choice: KeyChoice; label: string; description: string; detail: string }[] {
  const kinds = KEY_KINDS.map(({ keyKind, label, description, detail }) => ({ choice: keyKind as KeyChoice, label, description, detail }));
  if (!canvasOffered) return kinds;
  return [{
    choice: 'canvas',
    label: l10n.t('Use Agent Canvas\'s key'),
    description: l10n.t('from ~/.openhands/agent-canvas/api-key.txt'),
    detail: l10n.t('Read from Agent Canvas\'s key file now, and kept in VS Code\'s secret storage.'),
  }, ...kinds];
}
