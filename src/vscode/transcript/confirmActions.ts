// Approve or Reject the action a conversation's agent waits on (confirmation mode), through the route the
// server's client offers (client.confirmAction); a failure is shown with Retry.
import * as vscode from 'vscode';
import type { ServerSession } from '../connection/serverSession';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { Logger } from '../platform/log';

export interface ConfirmedConversation {
  readonly id: string;
  readonly title: string;
}

export class ConfirmActions {
  constructor(private readonly session: ServerSession, private readonly errors: ErrorPresenter, private readonly logger: Logger) {}

  /** Approves (`accept`) or rejects the waiting action; true when the server took the answer. */
  async answer(conversation: ConfirmedConversation | undefined, accept: boolean): Promise<boolean> {
    if (!conversation) return false;
    try {
      const server = await this.session.connect();
      const confirm = server?.client.confirmAction;
      if (!server || !confirm) {
        if (server) void vscode.window.showWarningMessage(vscode.l10n.t('OpenHands: this server\'s API offers no way to approve or reject an action.'));
        return false;
      }
      const title = accept ? vscode.l10n.t('OpenHands: approving the action of "{0}"', conversation.title) : vscode.l10n.t('OpenHands: rejecting the action of "{0}"', conversation.title);
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title },
        () => confirm.call(server.client, conversation.id, accept, undefined));
      this.logger.info(`Action of conversation ${conversation.id} ${accept ? 'approved' : 'rejected'}`);
      if (!accept && server.client.goOnAfterReject) void this.offerToGoOn(conversation);
      return true;
    } catch (error) {
      await this.errors.show(error, { retry: () => this.answer(conversation, accept) });
      return false;
    }
  }

  /** Where a reject leaves the agent idle (the agent server's line), says so and offers to set it going again. */
  private async offerToGoOn(conversation: ConfirmedConversation): Promise<void> {
    const goOn = vscode.l10n.t('Go On');
    const picked = await vscode.window.showInformationMessage(
      vscode.l10n.t('OpenHands: the action of "{0}" was rejected and did not run; the agent now waits. Go on without it, or send it a message.', conversation.title), goOn);
    if (picked !== goOn) return;
    try {
      const server = await this.session.connect();
      await server?.client.goOnAfterReject?.(conversation.id);
      this.logger.info(`Conversation ${conversation.id} goes on after a rejected action`);
    } catch (error) {
      await this.errors.show(error, { retry: () => this.offerToGoOn(conversation) });
    }
  }
}
