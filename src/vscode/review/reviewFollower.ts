// Keeps the review on the agent's current version: when the agent's run that took a review stops, the Changes view
// reads its changes again, and every thread moves to where its lines are now, or turns outdated where the agent
// changed them (core/review/relocate). Also says, through a context key, where a review can be made and sent.
import * as vscode from 'vscode';
import type { ChangesState } from '../../core/changes/changeLoader';
import { relocate } from '../../core/review/relocate';
import { reviewUnavailable } from '../../core/review/reviewAvailability';
import { splitLines, type ReviewThread } from '../../core/review/reviewThread';
import type { ChangeContentProvider } from '../changes/changeContentProvider';
import type { ChangesOrigin, ChangesStore } from '../changes/changesStore';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationWatch } from '../conversations/conversationWatch';
import { Command, Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ReviewStore } from './reviewStore';

export class ReviewFollower extends Disposable {
  /** The reading the threads were last moved to: each reading once. */
  private movedTo: ChangesState | undefined;

  constructor(
    private readonly store: ReviewStore,
    private readonly changes: ChangesStore,
    private readonly contents: ChangeContentProvider,
    watch: ConversationWatch,
    private readonly session: ServerSession,
  ) {
    super();
    this.register(changes.onDidChange(() => void this.changesRead()));
    this.register(session.onDidChangeServer(() => void this.changesRead()));
    // Whether the server takes a review is known once it is connected again (after a change of server or key).
    this.register(session.onDidChangeState(() => void this.changesRead()));
    // Sending the review followed its run (ConversationWatch.followed), whether or not a view shows it: told when
    // it stops even where no poll saw it working (a short run between two polls).
    this.register(watch.onDidStop(({ conversation }) => this.runStopped(conversation.id)));
    void this.changesRead();
  }

  /** The agent's run that took the review stopped: its changes are read again, and the threads follow them. */
  private runStopped(id: string): void {
    const reviewed = this.changes.shown?.conversation.id === id && this.store.threadsOf(id).some((thread) => thread.state === 'sent');
    if (reviewed) void vscode.commands.executeCommand(Command.RefreshChanges);
  }

  private async changesRead(): Promise<void> {
    const shown = this.changes.shown;
    const state = shown?.state;
    const possible = state?.kind === 'loaded' && reviewUnavailable(state.changes, Boolean(this.session.server?.client.sendMessage)) === undefined;
    await vscode.commands.executeCommand('setContext', Context.ReviewPossible, possible);
    if (!shown || state?.kind !== 'loaded' || state === this.movedTo) return;
    this.movedTo = state;
    const id = shown.conversation.id;
    const threads = this.store.threadsOf(id);
    if (!threads.length) return;
    const origin = { serverUrl: shown.serverUrl, conversationId: id };
    const moved = await Promise.all(threads.map((thread) => this.moved(origin, thread)));
    if (moved.some((thread, at) => thread !== threads[at])) await this.store.update(id, () => moved);
  }

  /** The thread on the file's new version; as it was where the file is no longer among the changes. */
  private async moved(origin: ChangesOrigin, thread: ReviewThread): Promise<ReviewThread> {
    const sides = await this.contents.sidesOf(origin, thread.path).catch(() => undefined);
    if (sides?.kind !== 'text') return thread;
    const next = relocate(thread, splitLines(thread.side === 'base' ? sides.base : sides.agent));
    return JSON.stringify(next) === JSON.stringify(thread) ? thread : next;
  }
}
