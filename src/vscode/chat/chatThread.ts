// A chat thread remembers its conversation in the result metadata of the turn that started or followed it: a
// follow-up in the same thread goes to that conversation, /stop stops it.
import * as vscode from 'vscode';
import { Chat } from '../platform/ids';

export interface ThreadConversation {
  readonly conversationId: string;
  readonly serverUrl: string;
  readonly title: string;
}

function isThreadConversation(value: unknown): value is ThreadConversation {
  const v = value as Partial<ThreadConversation> | undefined;
  return typeof v?.conversationId === 'string' && typeof v.serverUrl === 'string' && typeof v.title === 'string';
}

/** The conversation of the thread's latest @openhands answer that had one. */
export function threadConversation(context: vscode.ChatContext): ThreadConversation | undefined {
  for (const turn of [...context.history].reverse()) {
    if (turn instanceof vscode.ChatResponseTurn && turn.participant === Chat.Participant && isThreadConversation(turn.result.metadata)) {
      return turn.result.metadata;
    }
  }
  return undefined;
}

/** The result that keeps the thread's conversation (or none). */
export function threadResult(conversation: ThreadConversation | undefined): vscode.ChatResult {
  return conversation ? { metadata: { ...conversation } } : {};
}
