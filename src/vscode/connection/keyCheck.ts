// A key just stored is tried at once against its server, and the person is told what the server said: accepted,
// refused (with Set API Key again), or not asked because it could not be reached (with Retry). A refused key is
// kept: the person chose to replace the old one, which is not brought back behind their back, and a server's
// verdict can change without a new key (a server restarted with this key, a Cloud key activated), after which the
// connection recovers without typing it again. The status bar says unauthorized meanwhile. The key is never shown.
import * as vscode from 'vscode';
import type { CredentialKind } from '../../api/http/credential';
import { stateForError } from '../../core/connection/connectionState';
import { Command } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { ServerSession } from './serverSession';

/** What the server said to a request carrying the key now stored for it: undefined when it took it. */
async function refusal(session: ServerSession): Promise<unknown> {
  try {
    const server = await session.connect();
    await server?.client.loadSettings();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Tries the key stored for `url` (the session's server) and says what came of it. */
export async function checkStoredKey(session: ServerSession, logger: Logger, url: string, kind: CredentialKind): Promise<void> {
  const error = await refusal(session);
  if (error === undefined) {
    logger.info(`API key saved for ${url}, and the server accepted it${kind === 'cloud' ? ' (an OpenHands Cloud key, sent as a Bearer token)' : ''}`);
    void vscode.window.showInformationMessage(kind === 'cloud'
      ? vscode.l10n.t('OpenHands API key saved for {0} (an OpenHands Cloud key, sent as a Bearer token); the server accepted it.', url)
      : vscode.l10n.t('OpenHands API key saved for {0}; the server accepted it.', url));
    return;
  }
  const why = logger.redactor.redactText(error instanceof Error ? error.message : String(error));
  if (stateForError(error, true) === 'unauthorized') {
    logger.warn(`API key saved for ${url}, and the server refused it: ${why}`);
    const setKey = vscode.l10n.t('Set API Key');
    void vscode.window.showErrorMessage(vscode.l10n.t(
      'The server at {0} refused the API key you just set. It stays stored (a server restarted with it will take it); if it was mistyped, set the right one.', url), setKey)
      .then((choice) => (choice === setKey ? vscode.commands.executeCommand(Command.SetApiKey) : undefined));
    return;
  }
  logger.warn(`API key saved for ${url}, but it could not be checked: ${why}`);
  const retry = vscode.l10n.t('Retry');
  void vscode.window.showWarningMessage(vscode.l10n.t('The OpenHands API key for {0} is stored, but it could not be checked: {1}', url, why), retry)
    .then((choice) => (choice === retry ? checkStoredKey(session, logger, url, kind) : undefined));
}
