// Switch Server: the servers of `openhands.servers` as quick pick items, one of which becomes `openhands.serverUrl`.
// The session follows the setting: the views reload for the new server, requests to the old one are cancelled,
// and each server keeps its own key (the key store is keyed by URL).
import * as vscode from 'vscode';
import { serverChoices } from '../../core/connection/serverList';
import { configuration, openSetting } from '../platform/configuration';
import type { Logger } from '../platform/log';
import type { ServerSession } from './serverSession';

export type ServerItem = vscode.QuickPickItem & { readonly serverUrl: string };

/** The listed servers (and the current one when the list lacks it), the current one checked. */
export function serverItems(currentUrl: string | undefined, logger: Logger): ServerItem[] {
  const { servers, problems } = configuration.servers();
  for (const problem of problems) logger.warn(`Left out of Switch Server: ${problem}`);
  return serverChoices(servers, currentUrl).map((choice) => ({
    // No words to translate: a codicon and the name the person gave the server.
    label: (choice.current ? '$(check) ' : '$(server) ') + choice.name,
    description: choice.name === choice.url ? (choice.current ? vscode.l10n.t('current') : undefined)
      : choice.current ? vscode.l10n.t('{0} · current', choice.url) : choice.url,
    serverUrl: choice.url,
  }));
}

/**
 * Makes `url` the configured server, through the session as Change Server URL does (it uses the URL at once,
 * before the setting's change event); nothing changes when it already is.
 */
export async function useServer(url: string, session: ServerSession, logger: Logger): Promise<boolean> {
  if (url === session.serverUrl) return false;
  await session.switchTo(url);
  logger.info(`Switched to ${url}`);
  return true;
}

/** OpenHands: Switch Server, from the palette: one pick. */
export async function switchServer(session: ServerSession, logger: Logger): Promise<boolean> {
  const items = serverItems(session.serverUrl, logger);
  if (items.length <= 1) {
    const add = vscode.l10n.t('Open Settings');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('List your OpenHands servers (a name and a URL each) in the openhands.servers setting to switch between them.'), add);
    if (choice === add) await openSetting('servers');
    return false;
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('OpenHands: Switch Server'), placeHolder: vscode.l10n.t('The server the views and new conversations use'),
  });
  return picked ? useServer(picked.serverUrl, session, logger) : false;
}
