// What can be done to a conversation of the view beyond its links: stop it (after the person confirms) and
// send it a follow-up message with files, as Send File does. Both only where the server's client offers them.
import * as vscode from 'vscode';
import type { FollowUpMessage, OpenHandsClient } from '../../api/client';
import { buildFilesMessage, type MessageFile } from '../../core/conversations/message';
import type { ServerSession } from '../connection/serverSession';
import { configuration } from '../platform/configuration';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { Logger } from '../platform/log';
import { checked } from './conversationFlows';
import type { ConversationWatch } from './conversationWatch';
import { readForMessage } from './fileReader';
import type { AskedFollowUp, AskFollowUp } from './messageInput';

/** What the actions need of a conversation. */
export interface ActedConversation {
  readonly id: string;
  readonly title: string;
}

/** Asks the person to confirm a stop; the host suites answer yes without the dialog. */
export type ConfirmStop = (conversation: ActedConversation) => Promise<boolean>;

export const confirmStopModal: ConfirmStop = async (conversation) => {
  const stop = 'Stop Conversation';
  const choice = await vscode.window.showWarningMessage(`Stop "${conversation.title}"?`, {
    modal: true, detail: 'The agent stops working and the conversation\'s sandbox is stopped. The conversation stays on the server.',
  }, stop);
  return choice === stop;
};

export class ConversationActions {
  constructor(
    private readonly session: ServerSession,
    private readonly watch: ConversationWatch,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
    private readonly confirmStop: ConfirmStop,
    private readonly askFollowUp: AskFollowUp,
  ) {}

  /** The next page of the list (Load more); a failure is shown with Retry. */
  async loadMore(): Promise<void> {
    try {
      await this.watch.loadMore();
    } catch (error) {
      await this.errors.show(error, { retry: () => this.loadMore() });
    }
  }

  /** Stops the conversation once confirmed; true when the server took the stop. */
  async stop(conversation?: ActedConversation): Promise<boolean> {
    const client = conversation && await this.clientFor('stop', (c) => c.stopConversation);
    if (!conversation || !client?.stopConversation || !await this.confirmStop(conversation)) return false;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `OpenHands: stopping "${conversation.title}"` },
        () => client.stopConversation!(conversation.id));
      this.logger.info(`Conversation ${conversation.id} stopped`);
      this.watch.refresh();
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.stop(conversation) });
      return false;
    }
  }

  /** Asks for the words and files and sends them; true when the server took the message. */
  async sendFollowUp(conversation?: ActedConversation): Promise<boolean> {
    const client = conversation && await this.clientFor('follow-up messages', (c) => c.sendMessage);
    if (!conversation || !client) return false;
    const asked = await this.askFollowUp({ title: `OpenHands: Follow-up to "${conversation.title}"`, placeholder: 'Your message to the agent' });
    const message = asked && await followUpMessage(asked);
    return message ? this.post(client, conversation, message) : false;
  }

  private async post(client: OpenHandsClient, conversation: ActedConversation, message: FollowUpMessage): Promise<boolean> {
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `OpenHands: sending to "${conversation.title}"` },
        () => client.sendMessage!(conversation.id, message));
      this.logger.info(`Follow-up message sent to conversation ${conversation.id}`);
      vscode.window.setStatusBarMessage('OpenHands: message sent', 3000);
      this.watch.followed(conversation.id);
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.post(client, conversation, message) });
      return false;
    }
  }

  /** The connected client when it offers `what`; else the person is told and gets undefined. */
  private async clientFor(what: string, offers: (client: OpenHandsClient) => unknown): Promise<OpenHandsClient | undefined> {
    try {
      const server = await this.session.connect();
      if (server && offers(server.client)) return server.client;
      if (server) void vscode.window.showWarningMessage(`OpenHands: this server's API offers no ${what} through the app server.`);
    } catch (error) {
      await this.errors.show(error);
    }
    return undefined;
  }
}

/** The words and the attached files read and checked as Send File does them; undefined after a refusal. */
async function followUpMessage(asked: AskedFollowUp): Promise<FollowUpMessage | undefined> {
  if (!asked.files.length) return { text: asked.text };
  const files = await Promise.all(asked.files.map((uri) => readForMessage(uri, { warnings: [] })));
  const unreadable = files.find((f): f is string => typeof f === 'string');
  if (unreadable) {
    void vscode.window.showErrorMessage(unreadable);
    return undefined;
  }
  const built = checked(buildFilesMessage(asked.text, files as MessageFile[], { textLimitBytes: configuration.textLimitBytes() }));
  return built && { text: built.initial_user_msg ?? '', imageUrls: built.image_urls ?? undefined };
}
