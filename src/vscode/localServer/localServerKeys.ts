// The local agent server's two keys, generated once and kept in SecretStorage: the session key (sent as any
// server's key, stored for its URL by the ApiKeyStore too) and the key it encrypts its stored secrets with, which
// must stay the same across restarts or the LLM key stored on it can no longer be read.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import type { ServerKeys } from '../../core/localServer/serverEnv';
import type { Redactor } from '../../core/platform/redact';

const SECRET = 'openhands.localAgentServer.keys';

function parse(text: string | undefined): ServerKeys | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<ServerKeys>;
    return typeof value.sessionKey === 'string' && typeof value.secretKey === 'string' ? { sessionKey: value.sessionKey, secretKey: value.secretKey } : undefined;
  } catch {
    return undefined;
  }
}

/** The stored keys, or new ones stored now; throws when the secret storage cannot store (no keyring). */
export async function localServerKeys(secrets: vscode.SecretStorage, redactor: Redactor): Promise<ServerKeys> {
  let keys = parse(await secrets.get(SECRET));
  if (!keys) {
    keys = { sessionKey: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') };
    await secrets.store(SECRET, JSON.stringify(keys));
  }
  redactor.addSecret(keys.sessionKey);
  redactor.addSecret(keys.secretKey);
  return keys;
}
