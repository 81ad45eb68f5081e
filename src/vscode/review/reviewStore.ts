// The review threads of each conversation, kept in the workspace state so they survive Reload Window, until the
// person deletes them.
import * as vscode from 'vscode';
import type { ReviewThread } from '../../core/review/reviewThread';
import { Disposable } from '../platform/lifecycle';

const KEY_PREFIX = 'openhands.review/';

export class ReviewStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires with the conversation whose threads changed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
  }

  threadsOf(conversationId: string): readonly ReviewThread[] {
    return this.state.get<ReviewThread[]>(KEY_PREFIX + conversationId, []);
  }

  pendingOf(conversationId: string): ReviewThread[] {
    return this.threadsOf(conversationId).filter((thread) => thread.state === 'pending');
  }

  async update(conversationId: string, change: (threads: readonly ReviewThread[]) => readonly ReviewThread[]): Promise<void> {
    const threads = change(this.threadsOf(conversationId));
    await this.state.update(KEY_PREFIX + conversationId, threads.length ? threads : undefined);
    this.changed.fire(conversationId);
  }
}
