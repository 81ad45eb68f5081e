// "Use <new URL>" after the server redirected to another origin. The new URL comes from whatever answered at
// the old one, so the switch waits for the person's confirmation, and the API key stays with the old URL
// unless the person explicitly moves it.
import * as vscode from 'vscode';
import type { RedirectError } from '../../api/http/transportErrors';
import { normalizeServerUrl } from '../../core/connection/serverUrl';
import type { Logger } from '../platform/log';
import type { ApiKeyStore } from './apiKeyStore';
import type { ServerSession } from './serverSession';

/** Switches openhands.serverUrl to where the server moved, once confirmed. Resolves to whether it switched. */
export async function useMovedServer(error: RedirectError, session: ServerSession, keys: ApiKeyStore, logger: Logger): Promise<boolean> {
  const from = error.request.baseUrl;
  const to = normalizeServerUrl(error.movedTo ?? '');
  if (!to.ok) return false;
  const use = vscode.l10n.t('Use {0}', to.url);
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Switch OpenHands to {0}?', to.url), {
    modal: true,
    detail: vscode.l10n.t(
      'The server at {0} redirects its requests to {1}. Switch only if you know that server. The API key set for {0} is not sent there unless you move it.',
      from, to.url),
  }, use);
  if (choice !== use) return false;
  await session.switchTo(to.url);
  logger.info(`Server URL changed from ${from} to ${to.url}, where it redirected`);
  await offerKeyMove(from, to.url, keys, logger);
  return true;
}

/** Asks before a key goes to a new server. "Do Not Move" comes first, so it is the default (Enter); Escape is no too. */
async function offerKeyMove(from: string, to: string, keys: ApiKeyStore, logger: Logger): Promise<void> {
  const credential = await keys.get(from);
  if (!credential || (await keys.get(to))) return;
  const keep = { title: vscode.l10n.t('Do Not Move') };
  const move = { title: vscode.l10n.t('Move Key') };
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Move the API key to {0}?', to), {
    modal: true,
    detail: vscode.l10n.t(
      'The key set for {0} would be sent to {1} with every request. If that server has a key of its own, keep this one and use "OpenHands: Set API Key" instead.',
      from, to),
  }, keep, move);
  if (choice !== move) {
    logger.info(`API key not moved to ${to}`);
    return;
  }
  try {
    await keys.set(to, credential);
  } catch (error) {
    logger.warn(`Secret storage refused the key for ${to}`, error);
    void vscode.window.showWarningMessage(vscode.l10n.t('The key could not be stored for {0}: set it with "OpenHands: Set API Key".', to));
    return;
  }
  // A move, not a copy: the old URL only redirects now, and one fewer copy of a key is one fewer to leak.
  await keys.delete(from);
  logger.info(`API key moved from ${from} to ${to}`);
}
