// The server a command needs, connected: a server that cannot be reached rejects (the request's error, with its
// actions), and so does a server URL that is not usable, saying why, instead of the command ending without a word.
import * as vscode from 'vscode';
import type { Server, ServerSession } from './serverSession';

export async function connectedServer(session: ServerSession): Promise<Server> {
  const server = await session.connect();
  if (server) return server;
  const url = session.url;
  throw new Error(url.ok
    ? vscode.l10n.t('The OpenHands server URL is not usable')
    : vscode.l10n.t('The OpenHands server URL is not usable: {0}', url.problem));
}
