// The Changes view comes back after a window reload, as the transcript tab does: which server and conversation it
// shows is kept in the workspace's state; at activation, on the same server, the view shows that conversation again
// and the agent's work (its bundle holds the view) is loaded, which reads the changes once the view is visible.
import * as vscode from 'vscode';
import type { ServerSession } from '../connection/serverSession';
import { Command, Context } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ChangesStore, ShownChanges } from './changesStore';

const SHOWN = 'openhands.changesShown';

type Kept = Pick<ShownChanges, 'serverUrl' | 'conversation'>;

export class ChangesMemory extends Disposable {
  private keptId: string | undefined;

  constructor(private readonly store: ChangesStore, private readonly memento: vscode.Memento, session: ServerSession, openView: () => void) {
    super();
    this.register(store.onDidChange(() => this.keep()));
    const kept = keptOf(memento.get(SHOWN));
    if (!kept || kept.serverUrl !== session.serverUrl) return;
    this.keptId = `${kept.serverUrl}\n${kept.conversation.id}`;
    store.show({ ...kept, state: undefined });
    void vscode.commands.executeCommand('setContext', Context.ChangesShown, true);
    openView();
  }

  /** Written when the conversation shown changes, not on each reading of it. */
  private keep(): void {
    const shown = this.store.shown;
    const id = shown && `${shown.serverUrl}\n${shown.conversation.id}`;
    if (id === this.keptId) return;
    this.keptId = id;
    void this.memento.update(SHOWN, shown ? { serverUrl: shown.serverUrl, conversation: shown.conversation } satisfies Kept : undefined);
  }
}

/** Changes shown but not read (restored after a reload) are read once the view is visible: Refresh. */
export function readWhenVisible(store: ChangesStore, view: vscode.TreeView<unknown>): vscode.Disposable {
  const read = () => { if (view.visible && store.shown && !store.shown.state) void vscode.commands.executeCommand(Command.RefreshChanges); };
  read();
  return view.onDidChangeVisibility(read);
}

/** What the workspace's state held, when it is what this class wrote (checked: an older version may have written it). */
function keptOf(value: unknown): Kept | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { serverUrl, conversation } = value as Record<string, unknown>;
  if (typeof serverUrl !== 'string' || typeof conversation !== 'object' || conversation === null) return undefined;
  const { id, title, repository, branch } = conversation as Record<string, unknown>;
  if (typeof id !== 'string' || !id) return undefined;
  const orNull = (text: unknown) => (typeof text === 'string' ? text : null);
  return { serverUrl, conversation: { id, title: typeof title === 'string' ? title : id, repository: orNull(repository), branch: orNull(branch) } };
}
