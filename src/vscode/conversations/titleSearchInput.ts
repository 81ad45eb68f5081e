// Find's input box: as the person types, once they pause, the server counts the conversations whose title holds
// the words (one request per pause, the one before cancelled), and the box says how many; Enter keeps the words.
// A server that cannot search says so at once: the loaded conversations are matched instead.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';

/** How long typing must pause before the server is asked. */
const PAUSE_MS = 400;

export interface TitleSearch {
  readonly text: string;
  /** How many match, as last counted for exactly these words. */
  readonly total: number | undefined;
}

export function askTitleSearch(client: OpenHandsClient, current: string): Promise<TitleSearch | undefined> {
  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Find Conversations');
  box.placeholder = vscode.l10n.t('Words in the title (empty shows every conversation)');
  box.value = current;
  const counted = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: AbortController | undefined;
  const count = (text: string) => {
    inFlight?.abort();
    if (!text || !client.countConversations) return void (box.validationMessage = noteFor(client, text, undefined));
    const controller = (inFlight = new AbortController());
    client.countConversations(text, { signal: controller.signal }).then((total) => {
      counted.set(text, total);
      if (box.value.trim() === text) box.validationMessage = noteFor(client, text, total);
    }, () => undefined);
  };
  box.onDidChangeValue((value) => {
    clearTimeout(timer);
    timer = setTimeout(() => count(value.trim()), PAUSE_MS);
  });
  count(current);
  return new Promise((resolve) => {
    box.onDidAccept(() => {
      const text = box.value.trim();
      resolve({ text, total: counted.get(text) });
      box.hide();
    });
    box.onDidHide(() => {
      clearTimeout(timer);
      inFlight?.abort();
      resolve(undefined);
      box.dispose();
    });
    box.show();
  });
}

function noteFor(client: OpenHandsClient, text: string, total: number | undefined): vscode.InputBoxValidationMessage | undefined {
  if (!client.searchConversations) {
    return { message: vscode.l10n.t('This server cannot search titles: the conversations loaded so far are matched.'), severity: vscode.InputBoxValidationSeverity.Info };
  }
  if (!text || total === undefined) return undefined;
  const message = total === 1 ? vscode.l10n.t('1 conversation has these words in its title.') : vscode.l10n.t('{0} conversations have these words in their title.', total);
  return { message, severity: vscode.InputBoxValidationSeverity.Info };
}
