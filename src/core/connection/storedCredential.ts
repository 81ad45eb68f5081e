// How a server's key and its kind are written in the secret storage. A session key is written as it is, as every
// key was before keys had a kind, so an entry from before reads as a session key and an older version of the
// extension still reads a session key written now. A Cloud key is written as JSON with its kind.
import { sessionCredential, type Credential, type CredentialKind } from '../../api/http/credential';
import { parseJson } from '../../api/http/transport';
import { l10n } from '../../base/l10n';

const KINDS: readonly CredentialKind[] = ['session', 'cloud'];

/** The stored entry for a credential. */
export function writeStoredCredential(credential: Credential): string {
  // A session key that itself looks like JSON is written as JSON too, so that it reads back as what it is.
  if (credential.kind === 'session' && !credential.key.startsWith('{')) return credential.key;
  return JSON.stringify({ kind: credential.kind, key: credential.key });
}

/** The credential a stored entry holds: JSON with a kind, or a plain string, which is a session key. */
export function readStoredCredential(stored: string | undefined): Credential | undefined {
  if (!stored?.startsWith('{')) return sessionCredential(stored);
  const parsed = parseJson(stored);
  const { kind, key } = parsed.ok && parsed.value && typeof parsed.value === 'object' ? parsed.value as Record<string, unknown> : {};
  if (KINDS.includes(kind as CredentialKind) && typeof key === 'string' && key) return { kind: kind as CredentialKind, key };
  return sessionCredential(stored);
}

/**
 * What Set API Key shows for each kind: the choice (the session key first, so Enter keeps it) and the prompt.
 * The texts are getters, made in the display language when read (a spread copies them), not when the module loads.
 */
export const KEY_KINDS: readonly { keyKind: CredentialKind; label: string; description: string; detail: string }[] = [
  {
    keyKind: 'session',
    get label() { return l10n.t('Self-hosted session key'); },
    get description() { return l10n.t('sent as X-Session-API-Key'); },
    get detail() { return l10n.t('The SESSION_API_KEY your own OpenHands server was started with.'); },
  },
  {
    keyKind: 'cloud',
    get label() { return l10n.t('OpenHands Cloud API key'); },
    get description() { return l10n.t('sent as Authorization: Bearer'); },
    get detail() { return l10n.t('An API key created in your OpenHands Cloud account settings.'); },
  },
];

export function keyPrompt(kind: CredentialKind, url: string): string {
  return kind === 'cloud'
    ? l10n.t('OpenHands Cloud API key for {0}. It is kept in VS Code\'s secret storage.', url)
    : l10n.t('Session API key for {0} (the server\'s SESSION_API_KEY). It is kept in VS Code\'s secret storage.', url);
}
