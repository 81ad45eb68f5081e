// Registers the @openhands chat participant and the language-model tools at activation, cheaply: their work is
// built by the on-demand bundle, loaded on the first request or invocation. A VS Code without chat or language
// models (or with its AI features turned off) has no `vscode.chat` / `vscode.lm` functions to call: then nothing
// is registered and the manifest's contributions stay unused, without an error.
import * as vscode from 'vscode';
import { Chat } from '../platform/ids';

export interface ChatServices {
  readonly handle: vscode.ChatRequestHandler;
  readonly tools: Readonly<Record<typeof Chat.DelegateTool | typeof Chat.ReadTool, vscode.LanguageModelTool<object>>>;
}

type Partial<T> = { readonly [K in keyof T]?: T[K] };

export function registerChat(extensionUri: vscode.Uri, load: () => Promise<ChatServices>): vscode.Disposable[] {
  const registered: vscode.Disposable[] = [];
  const chat = (vscode as Partial<typeof vscode>).chat;
  if (typeof chat?.createChatParticipant === 'function') {
    const participant = chat.createChatParticipant(Chat.Participant, async (request, context, stream, token) =>
      (await load()).handle(request, context, stream, token));
    participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'openhands.svg');
    registered.push(participant);
  }
  const lm = (vscode as Partial<typeof vscode>).lm;
  if (typeof lm?.registerTool === 'function') {
    for (const name of [Chat.DelegateTool, Chat.ReadTool]) {
      registered.push(lm.registerTool<object>(name, {
        prepareInvocation: async (options, token) => (await load()).tools[name].prepareInvocation?.(options, token),
        invoke: async (options, token) => (await load()).tools[name].invoke(options, token),
      }));
    }
  }
  return registered;
}
