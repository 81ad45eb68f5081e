// The "Get started" walkthrough (contributes.walkthroughs): opened once, on the first start after install, and from
// the palette. Its steps are marked done by VS Code from context keys the extension sets from its real state
// (completionEvents onContext:…): the server answered as an OpenHands (ServerSession sets openhands.serverApi), it
// accepted the key or needs none and has settings (openhands.connectionState), and a conversation was started from
// here on it (openhands.conversationStarted, set below).
import * as vscode from 'vscode';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationStore } from '../conversations/conversationStore';
import type { CommandHandler } from '../platform/commands';
import { Command, Context, Walkthrough } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';

/** Set once the walkthrough opened by itself: it never does again. */
const SHOWN_KEY = 'openhands.walkthroughShown';

export class FirstRunWalkthrough extends Disposable {
  constructor(
    private readonly extensionId: string,
    private readonly memento: vscode.Memento,
    private readonly session: ServerSession,
    private readonly conversations: ConversationStore,
    private readonly logger: Logger,
  ) {
    super();
    this.register(conversations.onDidChange(() => this.updateConversationStarted()));
    this.register(session.onDidChangeServer(() => this.updateConversationStarted()));
    this.updateConversationStarted();
  }

  handlers() {
    return { [Command.OpenWalkthrough]: () => this.open() } satisfies Record<string, CommandHandler>;
  }

  /**
   * Opens the walkthrough on the first start after install, unless the person turned off VS Code's own
   * "open walkthroughs on install" setting (then it waits for a start with it on, or the palette).
   */
  async openOnFirstRun(): Promise<void> {
    if (this.memento.get<boolean>(SHOWN_KEY)) return;
    if (!vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true)) return;
    await this.memento.update(SHOWN_KEY, true);
    this.logger.info('First start after install: opening the Get started walkthrough');
    await this.open();
  }

  private open(): Thenable<unknown> {
    return vscode.commands.executeCommand('workbench.action.openWalkthrough', `${this.extensionId}#${Walkthrough.FirstRun}`, false);
  }

  private updateConversationStarted(): void {
    const url = this.session.serverUrl;
    const started = url !== undefined && this.conversations.list(url).length > 0;
    void vscode.commands.executeCommand('setContext', Context.ConversationStarted, started);
  }
}
