// What the agent did in a run, for the end of the chat response and the tool that reads a conversation: the
// commands it ran, the files it touched, and its last word (the finish message, else its last message).
import type { ConversationEvent } from '../../api/model/events';

export interface RunSummary {
  readonly commands: number;
  /** Paths the agent's file actions named, in first-touched order. */
  readonly files: readonly string[];
  readonly finalMessage: string | undefined;
}

export function summarize(events: readonly ConversationEvent[]): RunSummary {
  let commands = 0;
  const files = new Set<string>();
  let finalMessage: string | undefined;
  for (const event of events) {
    if (event.kind === 'action' && event.action.type === 'command') commands++;
    if (event.kind === 'action' && event.action.type === 'file' && event.action.command !== 'view') files.add(event.action.path);
    if (event.kind === 'action' && event.action.type === 'finish' && event.action.message.trim()) finalMessage = event.action.message;
    if (event.kind === 'message' && event.origin === 'agent' && event.text.trim()) finalMessage = event.text;
  }
  return { commands, files: [...files], finalMessage };
}
