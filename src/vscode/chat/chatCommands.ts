// The participant's commands: /status lists this server's conversations with their state, /open opens one (by the
// id given, else the thread's, else the picker), /stop stops the thread's conversation once the person confirms,
// /check runs Check Changes on one (the same ids) and says how it ended.
import * as vscode from 'vscode';
import { inlineCode, oneLine } from '../../core/chat/eventLines';
import { endText, seconds } from '../../core/check/checkMark';
import type { CheckRun } from '../../core/check/checkProcess';
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

  /** Check Changes on the conversation named, else the thread's, else the one the Changes view shows (or picked). */
  async check(prompt: string, stream: vscode.ChatResponseStream, thread: ThreadConversation | undefined): Promise<vscode.ChatResult> {
    const id = prompt.trim().split(/\s+/, 1)[0] || thread?.conversationId;
    stream.progress(vscode.l10n.t('Checking the agent\'s changes in a temporary copy of your repository…'));
    const run = await vscode.commands.executeCommand<CheckRun | undefined>(Command.CheckChanges, ...(id ? [id] : []));
    if (!run) {
      stream.markdown(vscode.l10n.t('The check did not run. {0} checks a conversation by its id; /status lists them.', inlineCode('/check <id>')));
      return threadResult(thread);
    }
    stream.markdown(vscode.l10n.t('The check {0} after {1}.', endText(run.end, run.exitCode), seconds(run.ms)));
    const failed = run.end === 'failed' || run.end === 'timed-out';
    if (failed) stream.button({ command: Command.SendCheckFailures, arguments: id ? [id] : [], title: vscode.l10n.t('Send Failures to Agent') });
    stream.button({ command: Command.OpenCheckOutput, arguments: id ? [id] : [], title: vscode.l10n.t('Open Output') });
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
