// The API key of each server and its kind (a session key or an OpenHands Cloud key), kept in VS Code's
// SecretStorage under the server's normalized URL, so that a key for one server is never sent to another. When
// the secret storage cannot store (no keyring), the person may keep the key for this window only; it then lives
// in memory and nowhere else.
import * as vscode from 'vscode';
import type { Credential } from '../../api/http/credential';
import { readStoredCredential, writeStoredCredential } from '../../core/connection/storedCredential';
import type { Redactor } from '../../core/platform/redact';
import { Disposable } from '../platform/lifecycle';

const PREFIX = 'openhands.sessionApiKey:';

export class ApiKeyStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires with the server URL whose key was set or cleared, in this window or another. */
  readonly onDidChange = this.changed.event;
  private readonly sessionOnly = new Map<string, Credential>();

  constructor(private readonly secrets: vscode.SecretStorage, private readonly redactor: Redactor) {
    super();
    this.register(secrets.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) this.changed.fire(e.key.slice(PREFIX.length));
    }));
  }

  async get(serverUrl: string): Promise<Credential | undefined> {
    const credential = this.sessionOnly.get(serverUrl) ?? readStoredCredential(await this.secrets.get(PREFIX + serverUrl));
    this.redactor.addSecret(credential?.key);
    return credential;
  }

  /** Stores the key with its kind; throws when the secret storage fails, so the caller can offer `keepForSession`. */
  async set(serverUrl: string, credential: Credential): Promise<void> {
    this.redactor.addSecret(credential.key);
    await this.secrets.store(PREFIX + serverUrl, writeStoredCredential(credential));
    this.sessionOnly.delete(serverUrl);
  }

  keepForSession(serverUrl: string, credential: Credential): void {
    this.redactor.addSecret(credential.key);
    this.sessionOnly.set(serverUrl, credential);
    this.changed.fire(serverUrl);
  }

  async delete(serverUrl: string): Promise<void> {
    const hadSessionKey = this.sessionOnly.delete(serverUrl);
    await this.secrets.delete(PREFIX + serverUrl);
    if (hadSessionKey) this.changed.fire(serverUrl);
  }
}
