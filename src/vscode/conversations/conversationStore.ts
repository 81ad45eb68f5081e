// The conversations started from this VS Code, per server, kept in the extension's global storage so the
// list survives restarts. Only what the person typed as a first line is kept, never a file's content; and the
// last state seen, so that after a restart the ones still working are followed and the others cost nothing.
import * as vscode from 'vscode';
import type { ConversationState } from '../../api/model/conversations';
import { Disposable } from '../platform/lifecycle';

export interface StartedConversation {
  readonly id: string;
  readonly title: string;
  readonly repository?: string;
  readonly branch?: string;
  /** The folder it was started from (a URI): where Apply Changes writes the agent's work. */
  readonly folder?: string;
  /** The snapshot commit Send This Folder handed over: what the agent's changes are measured against. */
  readonly sentFolderCommit?: string;
  /** ISO time of the start. */
  readonly startedAt: string;
  readonly status?: string;
  /** The last state seen on the server; absent for entries kept before states were followed. */
  readonly state?: ConversationState;
}

const MAX_KEPT = 100;

export class ConversationStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The list changed: written here, or by another window (seen by noticeOtherWindows). */
  readonly onDidChange = this.changed.event;
  /**
   * Each server's list as this window last wrote or noticed it. VS Code hands the global state another window
   * wrote to this window's memento, but tells the extension nothing: a difference is how it shows.
   */
  private readonly noticed = new Map<string, string>();

  constructor(private readonly memento: vscode.Memento) {
    super();
  }

  /** The conversation of `id` started here on `serverUrl`, if it was. */
  find(serverUrl: string, id: string): StartedConversation | undefined {
    return this.list(serverUrl).find((c) => c.id === id);
  }

  list(serverUrl: string): readonly StartedConversation[] {
    return this.memento.get<StartedConversation[]>(key(serverUrl), []);
  }

  /** Fires onDidChange when another window (on any folder) changed the server's list since this one last looked. */
  noticeOtherWindows(serverUrl: string): void {
    const now = JSON.stringify(this.list(serverUrl));
    const before = this.noticed.get(serverUrl);
    this.noticed.set(serverUrl, now);
    if (before !== undefined && before !== now) this.changed.fire();
  }

  async add(serverUrl: string, conversation: StartedConversation): Promise<void> {
    const rest = this.list(serverUrl).filter((c) => c.id !== conversation.id);
    await this.write(serverUrl, [conversation, ...rest].slice(0, MAX_KEPT));
  }

  /** Forgets conversations that were deleted on the server. */
  async remove(serverUrl: string, ids: ReadonlySet<string>): Promise<void> {
    const list = this.list(serverUrl);
    if (!list.some((c) => ids.has(c.id))) return;
    await this.write(serverUrl, list.filter((c) => !ids.has(c.id)));
  }

  /** Keeps the last state seen of each conversation started here; fires only when one changed. */
  async setStates(serverUrl: string, states: ReadonlyMap<string, ConversationState>): Promise<void> {
    const list = this.list(serverUrl);
    const updated = list.map((c) => (states.has(c.id) && states.get(c.id) !== 'unknown' && states.get(c.id) !== c.state ? { ...c, state: states.get(c.id) } : c));
    if (updated.every((c, i) => c === list[i])) return;
    await this.write(serverUrl, updated);
  }

  private async write(serverUrl: string, list: readonly StartedConversation[]): Promise<void> {
    await this.memento.update(key(serverUrl), list);
    this.noticed.set(serverUrl, JSON.stringify(list));
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
