// How many conversations started from this VS Code are starting or running, in the status bar while any are;
// a click shows the Conversations view. Its own item rather than a part of the connection's: it shows only
// while something runs, and its click goes to the conversations, not to the connection's actions. It counts the
// ones started here because only those are followed while the view is hidden: a count of the whole server's
// list would need polling that the view being hidden must not cost.
import * as vscode from 'vscode';
import { View } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ConversationWatch } from './conversationWatch';

export class RunningStatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('openhands.running', vscode.StatusBarAlignment.Left, 49));

  constructor(private readonly watch: ConversationWatch) {
    super();
    this.item.name = vscode.l10n.t('OpenHands Running Conversations');
    this.item.command = `${View.Conversations}.focus`;
    this.register(watch.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    const running = this.watch.feed.workingStarted.length;
    if (!running) {
      this.item.hide();
      return;
    }
    this.item.text = vscode.l10n.t('$(sync~spin) {0} running', running);
    this.item.tooltip = running === 1
      ? vscode.l10n.t('OpenHands: {0} conversation started from this VS Code is starting or running. Click to show them.', running)
      : vscode.l10n.t('OpenHands: {0} conversations started from this VS Code are starting or running. Click to show them.', running);
    this.item.show();
  }
}
