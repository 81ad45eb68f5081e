// Keeps the review on the agent's current version: when the agent's run that took a review stops, the Changes view
// reads its changes again, and every thread moves to where its lines are now, or turns outdated where the agent
// changed them (core/review/relocate). Also says, through a context key, where a review can be made and sent.
import * as vscode from 'vscode';
import type { ChangesState } from '../../core/changes/changeLoader';
import { relocate } from '../../core/review/relocate';
import { splitLines, type ReviewThread } from '../../core/review/reviewThread';
import type { ChangeContentProvider } from '../changes/changeContentProvider';
import type { ChangesStore } from '../changes/changesStore';
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
  ) {
    super();
    this.register(changes.onDidChange(() => void this.changesRead()));
    this.register(watch.onDidStop(({ conversation }) => {
      const reviewed = this.store.threadsOf(conversation.id).some((thread) => thread.state === 'sent');
      if (reviewed && this.changes.shown?.conversation.id === conversation.id) void vscode.commands.executeCommand(Command.RefreshChanges);
    }));
    void this.changesRead();
  }

  private async changesRead(): Promise<void> {
    const shown = this.changes.shown;
    const state = shown?.state;
    // Comments need both sides of a diff: the exact patch, from the conversation's agent server.
    await vscode.commands.executeCommand('setContext', Context.ReviewPossible, state?.kind === 'loaded' && state.changes.patch !== undefined);
    if (!shown || state?.kind !== 'loaded' || state === this.movedTo) return;
    this.movedTo = state;
    const id = shown.conversation.id;
    const threads = this.store.threadsOf(id);
    if (!threads.length) return;
    const moved = await Promise.all(threads.map((thread) => this.moved(id, thread)));
    if (moved.some((thread, at) => thread !== threads[at])) await this.store.update(id, () => moved);
  }

  /** The thread on the file's new version; as it was where the file is no longer among the changes. */
  private async moved(conversationId: string, thread: ReviewThread): Promise<ReviewThread> {
    const sides = await this.contents.sidesOf(conversationId, thread.path).catch(() => undefined);
    if (sides?.kind !== 'text') return thread;
    const next = relocate(thread, splitLines(thread.side === 'base' ? sides.base : sides.agent));
    return JSON.stringify(next) === JSON.stringify(thread) ? thread : next;
  }
}
