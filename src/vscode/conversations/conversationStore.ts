// The conversations started from this VS Code, per server, kept in the extension's global storage so the
// list survives restarts. Only what the person typed as a first line is kept, never a file's content.
import * as vscode from 'vscode';
import { Disposable } from '../platform/lifecycle';

export interface StartedConversation {
  readonly id: string;
  readonly title: string;
  readonly repository?: string;
  readonly branch?: string;
  /** ISO time of the start. */
  readonly startedAt: string;
  readonly status?: string;
}

const MAX_KEPT = 100;

export class ConversationStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {
    super();
  }

  list(serverUrl: string): readonly StartedConversation[] {
    return this.memento.get<StartedConversation[]>(key(serverUrl), []);
  }

  async add(serverUrl: string, conversation: StartedConversation): Promise<void> {
    const rest = this.list(serverUrl).filter((c) => c.id !== conversation.id);
    await this.memento.update(key(serverUrl), [conversation, ...rest].slice(0, MAX_KEPT));
    this.changed.fire();
  }

  async remove(serverUrl: string, id: string): Promise<void> {
    await this.memento.update(key(serverUrl), this.list(serverUrl).filter((c) => c.id !== id));
    this.changed.fire();
  }
}

function key(serverUrl: string): string {
  return `openhands.conversations:${serverUrl}`;
}

/** The web UI's page of a conversation. */
export function conversationUrl(serverUrl: string, id: string): string {
  return `${serverUrl}/conversations/${encodeURIComponent(id)}`;
}
