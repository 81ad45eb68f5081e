// `@openhands <task>`: starts a conversation as Start Conversation does (the workspace's repository and branch,
// the same pre-flight dialogs, the same sender), with what the person attached; a later request in the same
// thread goes to that conversation as a follow-up message. Either way the run is then streamed (chatRun.ts).
import * as vscode from 'vscode';
import { firstLine } from '../../core/conversations/message';
import type { FollowFactory } from '../../core/transcript/followTypes';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationSender } from '../conversations/conversationSender';
import { describeTarget, type ConversationTarget } from '../conversations/conversationTarget';
import type { ConversationTargets } from '../conversations/conversationTarget';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { firstReferencedUri, referencedMessage, refusalText } from './chatReferences';
import { eventsBefore, streamRun } from './chatRun';
import { threadResult, type ThreadConversation } from './chatThread';

export class ChatTasks {
  constructor(
    private readonly session: ServerSession,
    private readonly targets: ConversationTargets,
    private readonly sender: ConversationSender,
    private readonly errors: ErrorPresenter,
    /** The transcript's live follow, which chat follows a run with. */
    private readonly follow: FollowFactory,
  ) {}

  async start(request: vscode.ChatRequest, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    if (!request.prompt.trim()) {
      stream.markdown(vscode.l10n.t('Say what the agent should do, for example: @openhands add a test for the parser.'));
      return {};
    }
    const target = await this.targets.resolve(firstReferencedUri(request.references));
    const message = await this.message(request, stream, target);
    if (!message) return {};
    stream.progress(vscode.l10n.t('Starting a conversation on {0}…', describeTarget(target)));
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    const title = firstLine(request.prompt);
    const id = await this.sender.send(target, message, title, { report: (step) => stream.progress(step), signal: controller.signal })
      .finally(() => cancelled.dispose());
    const server = this.session.server;
    if (!id || !server) {
      stream.markdown(vscode.l10n.t('The conversation did not start. The notification says why and what to do.'));
      return {};
    }
    stream.markdown(vscode.l10n.t('Started the conversation {0} on {1}.', `\`${id}\``, server.url) + '\n\n');
    const conversation: ThreadConversation = { conversationId: id, serverUrl: server.url, title };
    await streamRun(server.client, this.follow, conversation, stream, token);
    return threadResult(conversation);
  }

  /** The request's words and attachments sent to the thread's conversation, then its run followed. */
  async followUp(
    conversation: ThreadConversation, request: vscode.ChatRequest, stream: vscode.ChatResponseStream, token: vscode.CancellationToken,
  ): Promise<vscode.ChatResult> {
    const server = await this.session.connect().catch(async (error: unknown) => { await this.errors.show(error); return undefined; });
    if (!server) {
      stream.markdown(vscode.l10n.t('Cannot reach the OpenHands server; the notification says what to do.'));
      return threadResult(conversation);
    }
    if (server.url !== conversation.serverUrl) {
      stream.markdown(vscode.l10n.t('This thread\'s conversation is on {0}, not on the server in use ({1}): starting a new conversation here.', conversation.serverUrl, server.url) + '\n\n');
      return this.start(request, stream, token);
    }
    if (!server.client.sendMessage) {
      stream.markdown(vscode.l10n.t('This server\'s API takes no follow-up messages; start a new thread for a new task.'));
      return threadResult(conversation);
    }
    const message = await this.message(request, stream, { warnings: [] });
    if (!message) return threadResult(conversation);
    stream.progress(vscode.l10n.t('Sending to "{0}"…', conversation.title));
    const known = await eventsBefore(server.client, conversation.conversationId);
    try {
      await server.client.sendMessage(conversation.conversationId, { text: message.initial_user_msg ?? '', imageUrls: message.image_urls ?? undefined });
    } catch (error) {
      await this.errors.show(error);
      stream.markdown(vscode.l10n.t('The message was not sent. The notification says why and what to do.'));
      return threadResult(conversation);
    }
    await streamRun(server.client, this.follow, conversation, stream, token, known);
    return threadResult(conversation);
  }

  /** The words and attachments as one message; undefined after saying in the response why it cannot go. */
  private async message(request: vscode.ChatRequest, stream: vscode.ChatResponseStream, target: ConversationTarget) {
    const { result, ignored } = await referencedMessage(request.prompt, request.references, target);
    if (ignored.length) stream.markdown(vscode.l10n.t('Not sent (only files and selections are): {0}.', ignored.join(', ')) + '\n\n');
    if (result.ok) return result.message;
    stream.markdown(refusalText(result));
    return undefined;
  }
}
