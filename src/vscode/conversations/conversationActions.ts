// What can be done to a conversation of the view beyond its links: stop it (after the person confirms, told in
// the server's word what the stop leaves), resume a paused one, and send it a follow-up message with files, as
// Send File does. Each only where the server's client offers it.
import * as vscode from 'vscode';
import type { RunCapacityError } from '../../api/agentRefusals';
import { ApiError } from '../../api/http/apiError';
import type { OpenHandsClient } from '../../api/client';
import type { ConversationState, FollowUpMessage } from '../../api/model/conversations';
import { STATE_PRESENTATION } from '../../core/conversations/conversationState';
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

/** What a stop does on this server: the state it leaves (V1: paused), and whether Resume is offered. */
export interface StopEffect {
  readonly leaves: ConversationState | undefined;
  readonly resumable: boolean;
}

/** Asks the person to confirm a stop; the host suites answer yes without the dialog. */
export type ConfirmStop = (conversation: ActedConversation, effect: StopEffect) => Promise<boolean>;

export const confirmStopModal: ConfirmStop = async (conversation, effect) => {
  const stop = vscode.l10n.t('Stop Conversation');
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Stop "{0}"?', conversation.title), { modal: true, detail: stopDetail(effect) }, stop);
  return choice === stop;
};

/** The server's word for what a stop leaves, in both the dialog and the row; what Resume then does. */
function stopDetail({ leaves, resumable }: StopEffect): string {
  if (leaves !== 'paused') return vscode.l10n.t('The agent stops working and the conversation is stopped. It stays on the server and shows as "stopped".');
  const paused = vscode.l10n.t('The agent stops working and the conversation\'s sandbox is paused, with every conversation in it. The conversation stays on the server and shows as "paused".');
  return resumable ? `${paused} ${vscode.l10n.t('Resume Conversation starts the sandbox again; the conversation then takes messages again.')}` : paused;
}

/** A refusal that came after the server stored the message sent with it (an agent server at capacity, 429). */
function keptTheMessage(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'at_capacity' && (error as RunCapacityError).messageKept;
}

export class ConversationActions {
  constructor(
    private readonly session: ServerSession,
    private readonly watch: ConversationWatch,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
    private readonly confirmStop: ConfirmStop,
    private readonly askFollowUp: AskFollowUp,
  ) {}

  /** Whether the connected server's conversations go on after an error (its client says): Resume and a message apply then. */
  get goesOnAfterError(): boolean {
    return this.session.server?.client.goesOnAfterError === true;
  }

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
    if (!conversation || !client?.stopConversation) return false;
    if (!await this.confirmStop(conversation, { leaves: client.stopLeaves, resumable: Boolean(client.resumeConversation) })) return false;
    const stopping = vscode.l10n.t('OpenHands: stopping "{0}"', conversation.title);
    const done = await this.act(conversation, stopping, 'stopped', (id) => client.stopConversation!(id));
    if (done) vscode.window.setStatusBarMessage(STATE_PRESENTATION[client.stopLeaves ?? 'stopped'].stoppedNotice(conversation.title), 5000);
    return done;
  }

  /** Starts a paused conversation's sandbox again; true when the server took it. */
  async resume(conversation?: ActedConversation): Promise<boolean> {
    const client = conversation && await this.clientFor(
      (c) => c.resumeConversation, () => vscode.l10n.t('OpenHands: this server\'s API offers no resume through the app server.'));
    if (!conversation || !client?.resumeConversation) return false;
    const resuming = vscode.l10n.t('OpenHands: resuming "{0}"', conversation.title);
    const done = await this.act(conversation, resuming, 'resumed', (id) => client.resumeConversation!(id));
    if (done) vscode.window.setStatusBarMessage(vscode.l10n.t('OpenHands: "{0}" was resumed.', conversation.title), 5000);
    return done;
  }

  /** Asks for the words and files and sends them; true when the server took the message. */
  async sendFollowUp(conversation?: ActedConversation): Promise<boolean> {
    const client = conversation && await this.messageClient();
    if (!conversation || !client) return false;
    const asked = await this.askFollowUp({
      title: vscode.l10n.t('OpenHands: Follow-up to "{0}"', conversation.title), placeholder: vscode.l10n.t('Your message to the agent'),
    });
    const message = asked && await followUpMessage(asked);
    return message ? this.post(client, conversation, message) : false;
  }

  /** Sends words and files typed elsewhere (the transcript tab's reply box); true when the server took them. */
  async sendTyped(conversation: ActedConversation, asked: AskedFollowUp): Promise<boolean> {
    const client = await this.messageClient();
    const message = client && await followUpMessage(asked);
    return client && message ? this.post(client, conversation, message) : false;
  }

  private messageClient(): Promise<OpenHandsClient | undefined> {
    return this.clientFor((c) => c.sendMessage, () => vscode.l10n.t('OpenHands: this server\'s API offers no follow-up messages through the app server.'));
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
      if (keptTheMessage(error) && client.resumeConversation) return this.keptButNotRun(client, conversation, error);
      await this.errors.show(error, { retry: () => this.post(client, conversation, message) });
      return false;
    }
  }

  /**
   * The server stored the message but refused the run (at capacity): the message is sent (the box empties, the tab
   * shows it), and Retry goes on with the run; sending it again would store it twice.
   */
  private keptButNotRun(client: OpenHandsClient, conversation: ActedConversation, error: unknown): true {
    this.logger.info(`Follow-up message kept by conversation ${conversation.id}, its run refused`);
    this.watch.followed(conversation.id);
    const resuming = vscode.l10n.t('OpenHands: resuming "{0}"', conversation.title);
    void this.errors.show(error, { retry: () => this.act(conversation, resuming, 'resumed', (id) => client.resumeConversation!(id)) });
    return true;
  }

  /** Runs `action` on the conversation under a progress notification; a failure is shown with Retry. */
  private async act(conversation: ActedConversation, progress: string, logged: string, action: (id: string) => Promise<void>): Promise<boolean> {
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: progress }, () => action(conversation.id));
      this.logger.info(`Conversation ${conversation.id} ${logged}`);
      this.watch.refresh();
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.act(conversation, progress, logged, action) });
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
