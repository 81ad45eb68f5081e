// The conversation a row's menu command is about: the row's, or, when VS Code handed none because the view was
// refreshed whole meanwhile, the one the person picks among those the command applies to (platform/rowArgument.ts).
import * as vscode from 'vscode';
import type { FeedItem } from '../../core/conversations/conversationFeed';
import { rowText } from '../../core/conversations/conversationRow';
import { askRow, type RowQuestion } from '../platform/rowArgument';
import type { ConversationWatch } from './conversationWatch';
import { conversationOf, type ConversationNode } from './conversationsTreeProvider';

export interface ConversationQuestion extends RowQuestion {
  /** The conversations the command applies to; every one when left out. */
  readonly applies?: (conversation: FeedItem) => boolean;
}

/** A question for a command that applies to every conversation. */
export function anyConversation(placeHolder: string): ConversationQuestion {
  return { placeHolder, none: vscode.l10n.t('OpenHands: the Conversations view lists no conversation yet.') };
}

export async function rowConversation(node: ConversationNode | undefined, watch: ConversationWatch, question: ConversationQuestion): Promise<FeedItem | undefined> {
  return conversationOf(node) ?? await askConversation(watch, question);
}

/** The person's pick among the listed conversations the command applies to. */
function askConversation(watch: ConversationWatch, question: ConversationQuestion): Promise<FeedItem | undefined> {
  const now = Date.now();
  const candidates = (watch.feed.list ?? []).filter(question.applies ?? (() => true));
  return askRow(candidates, (conversation) => {
    const { label, description } = rowText(conversation, now);
    return { label, description };
  }, question);
}
