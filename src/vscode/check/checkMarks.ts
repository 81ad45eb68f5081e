// The result of each conversation's last Check Changes in this window, read by the Conversations view (its row
// says passed / failed) and by Apply (did the check run on exactly these changes). Built at activation, as the
// view is; set by the check (src/checkWork.ts) when one ends. Kept while the window lives, never stored.
import * as vscode from 'vscode';
import type { CheckMark } from '../../core/check/checkMark';
import { Disposable } from '../platform/lifecycle';

export class CheckMarks extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires the id of the conversation whose mark changed. */
  readonly onDidChange = this.changed.event;
  private readonly marks = new Map<string, CheckMark>();

  get all(): ReadonlyMap<string, CheckMark> {
    return this.marks;
  }

  get(conversationId: string): CheckMark | undefined {
    return this.marks.get(conversationId);
  }

  set(conversationId: string, mark: CheckMark): void {
    this.marks.set(conversationId, mark);
    this.changed.fire(conversationId);
  }
}
