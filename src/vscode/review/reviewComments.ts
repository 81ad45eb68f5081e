// The comment threads on the agent's diff (both sides: the agent's version, and the base for deleted lines), drawn
// from the review store through VS Code's comments API, as GitHub Pull Requests draws a review's threads.
import * as vscode from 'vscode';
import type { PatchHunk } from '../../core/changes/patchParser';
import { agentLineOf } from '../../core/review/baseLines';
import { commentingRanges } from '../../core/review/commentingRanges';
import { reviewUnavailable } from '../../core/review/reviewAvailability';
import type { LineRange, ReviewThread } from '../../core/review/reviewThread';
import { changeUri, parseChangeUri, type ChangesStore } from '../changes/changesStore';
import type { ServerSession } from '../connection/serverSession';
import { Disposable } from '../platform/lifecycle';
import type { ReviewStore } from './reviewStore';

export const REVIEW_CONTROLLER = 'openhands.review';

/** A thread's one comment, with the stored thread it shows. */
export class ReviewComment implements vscode.Comment {
  body: string | vscode.MarkdownString;
  mode = vscode.CommentMode.Preview;
  readonly author = { name: vscode.l10n.t('You') };
  readonly contextValue: string;
  readonly timestamp: Date | undefined;

  constructor(readonly thread: ReviewThread, readonly parent: vscode.CommentThread) {
    this.body = markdown(thread.body);
    this.contextValue = thread.state;
    this.timestamp = thread.sentAt === undefined ? undefined : new Date(thread.sentAt);
  }
}

export class ReviewComments extends Disposable {
  private readonly controller = this.register(vscode.comments.createCommentController(REVIEW_CONTROLLER, vscode.l10n.t('OpenHands Review')));
  /** The threads drawn, per conversation. */
  private readonly drawn = new Map<string, vscode.CommentThread[]>();

  constructor(private readonly store: ReviewStore, private readonly changes: ChangesStore, session: ServerSession) {
    super();
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (document) => hunkRanges(document, changes, Boolean(session.server?.client.sendMessage)),
    };
    this.controller.options = { prompt: vscode.l10n.t('Comment on these lines for the agent'), placeHolder: vscode.l10n.t('Your comment (Markdown)') };
    this.register(store.onDidChange((conversationId) => this.draw(conversationId)));
    this.register(changes.onDidChange(() => changes.shown && this.draw(changes.shown.conversation.id)));
    this.register({ dispose: () => [...this.drawn.keys()].forEach((id) => this.erase(id)) });
    if (changes.shown) this.draw(changes.shown.conversation.id);
  }

  /** Shows the comment in its editing box (Edit), or back as it was stored (Cancel). */
  setEditing(comment: ReviewComment, editing: boolean): void {
    if (!editing) comment.body = markdown(comment.thread.body);
    comment.mode = editing ? vscode.CommentMode.Editing : vscode.CommentMode.Preview;
    comment.parent.comments = [...comment.parent.comments];
  }

  /** Draws the conversation's threads on its diffs, when its changes are the ones shown (their URIs name its server). */
  private draw(conversationId: string): void {
    this.erase(conversationId);
    const shown = this.changes.shown;
    if (shown?.conversation.id !== conversationId) return;
    const origin = { serverUrl: shown.serverUrl, conversationId };
    const patch = shown.state?.kind === 'loaded' ? shown.state.changes.patch : undefined;
    this.drawn.set(conversationId, this.store.threadsOf(conversationId).map((stored) => {
      // Every thread on the agent's side: the Comments panel groups threads by document, one group per file.
      const uri = changeUri(origin, 'agent', stored.path);
      const { start, end } = stored.side === 'agent' ? stored.range : baseRangeOnAgent(stored.range, patch?.files.get(stored.path)?.hunks ?? [], uri);
      const range = new vscode.Range(start - 1, 0, end - 1, 0);
      const thread = this.controller.createCommentThread(uri, range, []);
      thread.comments = [new ReviewComment(stored, thread)];
      thread.canReply = false;
      thread.contextValue = stored.state;
      thread.label = threadLabel(stored);
      // As GitHub Pull Requests marks a thread there is nothing more to do on, for the Comments panel's icon and its
      // Show Resolved filter: the agent changed an outdated thread's lines since.
      thread.state = stored.state === 'outdated' ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
      thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
      return thread;
    }));
  }

  private erase(conversationId: string): void {
    for (const thread of this.drawn.get(conversationId) ?? []) thread.dispose();
    this.drawn.delete(conversationId);
  }
}

/** The changed lines of the shown conversation's file on the document's side, and their context; none where no review can be sent. */
function hunkRanges(document: vscode.TextDocument, changes: ChangesStore, takesFollowUps: boolean): vscode.Range[] {
  const parsed = parseChangeUri(document.uri);
  const state = changes.shown?.state;
  if (!parsed || parsed.side === 'tree' || state?.kind !== 'loaded' || state.changes.conversationId !== parsed.conversationId) return [];
  if (reviewUnavailable(state.changes, takesFollowUps)) return [];
  const hunks = state.changes.patch?.files.get(parsed.path)?.hunks ?? [];
  return commentingRanges(hunks, parsed.side, document.lineCount).map(({ start, end }) => new vscode.Range(start - 1, 0, end - 1, 0));
}

/** Where a base thread's lines are in the agent's version of the file (`uri`): where it is drawn. */
function baseRangeOnAgent(range: LineRange, hunks: readonly PatchHunk[], uri: vscode.Uri): LineRange {
  const lineCount = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString())?.lineCount ?? Number.MAX_SAFE_INTEGER;
  const start = agentLineOf(hunks, range.start, lineCount);
  return { start, end: Math.max(start, agentLineOf(hunks, range.end, lineCount)) };
}

function markdown(body: string): vscode.MarkdownString {
  return new vscode.MarkdownString(body);
}

function threadLabel(thread: ReviewThread): string {
  if (thread.side === 'agent') return stateLabel(thread);
  const { start, end } = thread.range;
  return start === end
    ? vscode.l10n.t('{0} (On line {1} of the base.)', stateLabel(thread), start)
    : vscode.l10n.t('{0} (On lines {1}-{2} of the base.)', stateLabel(thread), start, end);
}

function stateLabel(thread: ReviewThread): string {
  const sent = thread.sentAt === undefined ? '' : new Date(thread.sentAt).toLocaleString();
  if (thread.anchor === 'lost') return vscode.l10n.t('Its lines are no longer in the agent\'s version; the comment is kept on the file.');
  switch (thread.state) {
    case 'pending': return vscode.l10n.t('Pending: goes to the agent with Send Review to Agent');
    case 'sent': return vscode.l10n.t('Sent to the agent {0}', sent);
    case 'outdated': return vscode.l10n.t('Outdated: the agent changed these lines since the comment');
  }
}
