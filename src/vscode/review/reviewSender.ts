// Send Review to Agent: the pending comments of the conversation whose changes are shown, with an optional overall
// note, become one follow-up message; the person sees it first and sends or cancels. Sent, the threads turn
// read-only with the time they went.
import * as vscode from 'vscode';
import { reviewMessage } from '../../core/review/reviewMessage';
import { markSent } from '../../core/review/reviewThread';
import type { ChangesStore } from '../changes/changesStore';
import type { ConversationActions } from '../conversations/conversationActions';
import type { ReviewPreview } from './reviewPreview';
import type { ReviewStore } from './reviewStore';

export class ReviewSender {
  constructor(
    private readonly store: ReviewStore,
    private readonly changes: ChangesStore,
    private readonly actions: ConversationActions,
    private readonly preview: ReviewPreview,
  ) {}

  /** True when the follow-up went to the server. */
  async send(): Promise<boolean> {
    const conversation = this.changes.shown?.conversation;
    if (!conversation) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Show a conversation\'s changes and comment on its diffs first.'));
      return false;
    }
    const title = conversation.title || conversation.id;
    const pending = this.store.pendingOf(conversation.id);
    if (!pending.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The review of "{0}" has no pending comments to send.', title));
      return false;
    }
    const note = await vscode.window.showInputBox({
      title: vscode.l10n.t('Send Review to "{0}"', title),
      // VS Code's input box adds "Press 'Enter' to confirm or 'Escape' to cancel" to the prompt itself.
      prompt: vscode.l10n.t('An overall note to send after the comments (optional).'),
      ignoreFocusOut: true,
    });
    if (note === undefined) return false;
    const text = reviewMessage(pending, note);
    await this.preview.show(conversation.id, text);
    if (!await confirmSend(title, pending.length)) return false;
    if (!await this.actions.sendTyped(conversation, { text, files: [] })) return false;
    await this.preview.close(conversation.id);
    const sent = new Set(pending.map((thread) => thread.id));
    await this.store.update(conversation.id, (threads) => markSent(threads, sent, Date.now()));
    return true;
  }
}

async function confirmSend(title: string, count: number): Promise<boolean> {
  const send = vscode.l10n.t('Send');
  const question = count === 1
    ? vscode.l10n.t('Send the review with 1 comment to "{0}"?', title)
    : vscode.l10n.t('Send the review with {0} comments to "{1}"?', count, title);
  const choice = await vscode.window.showInformationMessage(question, {
    modal: true, detail: vscode.l10n.t('The editor shows the message the agent will get, as one follow-up.'),
  }, send);
  return choice === send;
}
