// The comment widget's commands on the agent's diff: Add Comment on the lines chosen, Edit / Save / Cancel of a
// pending comment, Delete; and Send Review to Agent.
import * as vscode from 'vscode';
import { newThread, type ReviewThread } from '../../core/review/reviewThread';
import { parseChangeUri } from '../changes/changesStore';
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import { ReviewComment, type ReviewComments } from './reviewComments';
import type { ReviewSender } from './reviewSender';
import type { ReviewStore } from './reviewStore';

export function reviewCommands(store: ReviewStore, comments: ReviewComments, sender: ReviewSender) {
  return {
    [Command.AddReviewComment]: (reply: vscode.CommentReply) => addComment(store, reply),
    [Command.EditReviewComment]: (comment: ReviewComment) => comments.setEditing(comment, true),
    [Command.CancelReviewComment]: (comment: ReviewComment) => comments.setEditing(comment, false),
    [Command.SaveReviewComment]: (comment: ReviewComment) => {
      const body = typeof comment.body === 'string' ? comment.body : comment.body.value;
      return store.update(comment.thread.conversationId, (threads) => threads.map((t) => (t.id === comment.thread.id ? { ...t, body } : t)));
    },
    [Command.DeleteReviewComment]: async (target: ReviewComment | vscode.CommentThread) => {
      const comment = target instanceof ReviewComment ? target : target.comments[0];
      if (!(comment instanceof ReviewComment) || !await deletePending(comment.thread)) return;
      await store.update(comment.thread.conversationId, (threads) => threads.filter((t) => t.id !== comment.thread.id));
    },
    [Command.SendReview]: () => sender.send(),
  } satisfies Record<string, CommandHandler>;
}

/** The new thread the person typed (the widget's draft), stored as a pending comment on the lines it covers. */
async function addComment(store: ReviewStore, { thread, text }: vscode.CommentReply): Promise<void> {
  const parsed = parseChangeUri(thread.uri);
  if (!parsed || parsed.side === 'tree' || !thread.range || !text.trim()) return;
  const document = await vscode.workspace.openTextDocument(thread.uri);
  const range = { start: thread.range.start.line + 1, end: thread.range.end.line + 1 };
  const { conversationId, side, path } = parsed;
  const stored = newThread({ id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, conversationId, path, side, range, body: text }, document.getText());
  thread.dispose();
  await store.update(conversationId, (threads) => [...threads, stored]);
}

/**
 * Whether a comment may go: a pending one only after the person says so (its text was never sent and cannot be
 * brought back), with keeping it the default answer (first, so Enter keeps it; Escape keeps it too).
 */
async function deletePending(thread: ReviewThread): Promise<boolean> {
  if (thread.state !== 'pending') return true;
  const keep = { title: vscode.l10n.t('Keep Comment') };
  const remove = { title: vscode.l10n.t('Delete Comment') };
  const excerpt = thread.body.length > 200 ? `${thread.body.slice(0, 200)}…` : thread.body;
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the pending comment?'), {
    modal: true,
    detail: vscode.l10n.t('"{0}"\n\nIt was not sent to the agent, and a deleted comment cannot be brought back.', excerpt),
  }, keep, remove);
  return choice === remove;
}
