// The participant's commands: /status lists this server's conversations with their state, /open opens one (by the
// id given, else the thread's, else the picker), /stop stops the thread's conversation once the person confirms.
import * as vscode from 'vscode';
import { inlineCode, oneLine } from '../../core/chat/eventLines';
import { STATE_PRESENTATION } from '../../core/conversations/conversationState';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationActions } from '../conversations/conversationActions';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Command } from '../platform/ids';
import { threadResult, type ThreadConversation } from './chatThread';

const STATUS_LIMIT = 20;

export class ChatCommands {
  constructor(private readonly session: ServerSession, private readonly actions: ConversationActions, private readonly errors: ErrorPresenter) {}

  async status(stream: vscode.ChatResponseStream, thread: ThreadConversation | undefined): Promise<vscode.ChatResult> {
    stream.progress(vscode.l10n.t('Reading the conversations…'));
    try {
      const server = await this.session.connect();
      if (!server) {
        stream.markdown(vscode.l10n.t('No OpenHands server is set up: run OpenHands: Change Server URL.'));
        return threadResult(thread);
      }
      const page = await server.client.listConversations({ limit: STATUS_LIMIT });
      if (!page.items.length) stream.markdown(vscode.l10n.t('No conversations on {0} yet.', server.url));
      else stream.markdown(`${vscode.l10n.t('Conversations on {0}:', server.url)}\n\n${page.items.map((c) => {
        const mark = c.id === thread?.conversationId ? ` ${vscode.l10n.t('(this thread)')}` : '';
        return `- **${oneLine(c.title || c.id, 80).replace(/[*_[\]<>`\\]/g, '\\$&')}** — ${STATE_PRESENTATION[c.state].word} · ${inlineCode(c.id)}${mark}`;
      }).join('\n')}\n`);
    } catch (error) {
      await this.errors.show(error);
      stream.markdown(vscode.l10n.t('Could not read the conversations. The notification says why and what to do.'));
    }
    return threadResult(thread);
  }

  async open(prompt: string, stream: vscode.ChatResponseStream, thread: ThreadConversation | undefined): Promise<vscode.ChatResult> {
    const id = prompt.trim().split(/\s+/, 1)[0] || thread?.conversationId;
    // Without an id the command asks which (a quick pick): the person may dismiss it, and then nothing opened.
    const opened = await vscode.commands.executeCommand<boolean>(Command.OpenConversation, ...(id ? [id] : []));
    if (!opened) stream.markdown(vscode.l10n.t('No conversation was opened. {0} opens one by its id; /status lists them.', inlineCode('/open <id>')));
    else stream.markdown(id ? vscode.l10n.t('Opened the conversation {0}.', inlineCode(id)) : vscode.l10n.t('Opened the conversation you picked.'));
    return threadResult(thread);
  }

  async stop(stream: vscode.ChatResponseStream, thread: ThreadConversation | undefined): Promise<vscode.ChatResult> {
    if (!thread) {
      stream.markdown(vscode.l10n.t('This thread has no conversation yet: /stop stops the one a task of this thread started. Stop others from the Conversations view.'));
      return {};
    }
    const stopped = await this.actions.stop({ id: thread.conversationId, title: thread.title });
    stream.markdown(stopped
      ? vscode.l10n.t('Stopped the conversation "{0}".', thread.title)
      : vscode.l10n.t('The conversation "{0}" was not stopped.', thread.title));
    return threadResult(thread);
  }
}
