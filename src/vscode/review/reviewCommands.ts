// The comment widget's commands on the agent's diff: Add Comment on the lines chosen, Edit / Save / Cancel of a
// pending comment, Delete; and Send Review to Agent.
import * as vscode from 'vscode';
import { newThread } from '../../core/review/reviewThread';
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
    [Command.DeleteReviewComment]: (target: ReviewComment | vscode.CommentThread) => {
      const comment = target instanceof ReviewComment ? target : target.comments[0];
      if (!(comment instanceof ReviewComment)) return undefined;
      return store.update(comment.thread.conversationId, (threads) => threads.filter((t) => t.id !== comment.thread.id));
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
