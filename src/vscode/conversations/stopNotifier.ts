// Tells the person when a conversation started from this VS Code stops working (finished, waiting for them,
// paused, error, stopped), with Open Transcript and Show Changes, and Open in Browser where the server serves its
// web UI; `openhands.notifyWhenConversationStops` turns it off.
import * as vscode from 'vscode';
import { STATE_PRESENTATION } from '../../core/conversations/conversationState';
import { configuration } from '../platform/configuration';
import { Command } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';
import type { ConversationLinks } from './conversationLinks';
import type { ConversationWatch, StoppedConversation } from './conversationWatch';

export class StopNotifier extends Disposable {
  constructor(watch: ConversationWatch, private readonly links: ConversationLinks, private readonly logger: Logger) {
    super();
    this.register(watch.onDidStop((stopped) => void this.tell(stopped)));
  }

  private async tell({ serverUrl, conversation }: StoppedConversation): Promise<void> {
    this.logger.info(`Conversation ${conversation.id} stopped working: ${conversation.state}`);
    // One only followed after a follow-up (not started here) is told through what waits for it (the review's).
    if (!conversation.startedHere || !configuration.notifyWhenConversationStops()) return;
    const transcript = vscode.l10n.t('Open Transcript');
    const open = vscode.l10n.t('Open in Browser');
    const showChanges = vscode.l10n.t('Show Changes');
    const text = STATE_PRESENTATION[conversation.state].stoppedNotice(conversation.title || conversation.id);
    const show = conversation.state === 'error' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const buttons = [transcript, showChanges, ...(this.links.servesPages(serverUrl) ? [open] : [])];
    const picked = await show(text, ...buttons);
    if (picked === open) await this.links.open(conversation, serverUrl);
    if (picked === transcript) await vscode.commands.executeCommand(Command.OpenConversation, conversation.id);
    if (picked === showChanges) await vscode.commands.executeCommand(Command.ShowChanges, conversation.id);
  }
}
