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
  const stop = vscode.l10n.t('Stop Conversation');
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Stop "{0}"?', conversation.title), {
    modal: true, detail: vscode.l10n.t('The agent stops working and the conversation\'s sandbox is stopped. The conversation stays on the server.'),
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
    const client = conversation && await this.clientFor(
      (c) => c.stopConversation, () => vscode.l10n.t('OpenHands: this server\'s API offers no stop through the app server.'));
    if (!conversation || !client?.stopConversation || !await this.confirmStop(conversation)) return false;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: stopping "{0}"', conversation.title) },
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
    const client = conversation && await this.clientFor(
      (c) => c.sendMessage, () => vscode.l10n.t('OpenHands: this server\'s API offers no follow-up messages through the app server.'));
    if (!conversation || !client) return false;
    const asked = await this.askFollowUp({
      title: vscode.l10n.t('OpenHands: Follow-up to "{0}"', conversation.title), placeholder: vscode.l10n.t('Your message to the agent'),
    });
    const message = asked && await followUpMessage(asked);
    return message ? this.post(client, conversation, message) : false;
  }

  private async post(client: OpenHandsClient, conversation: ActedConversation, message: FollowUpMessage): Promise<boolean> {
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: sending to "{0}"', conversation.title) },
        () => client.sendMessage!(conversation.id, message));
      this.logger.info(`Follow-up message sent to conversation ${conversation.id}`);
      vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: message sent'), 3000);
      this.watch.followed(conversation.id);
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.post(client, conversation, message) });
      return false;
    }
  }

  /** The connected client when it `offers` the action; else the person is told `unavailable` and gets undefined. */
  private async clientFor(offers: (client: OpenHandsClient) => unknown, unavailable: () => string): Promise<OpenHandsClient | undefined> {
    try {
      const server = await this.session.connect();
      if (server && offers(server.client)) return server.client;
      if (server) void vscode.window.showWarningMessage(unavailable());
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
