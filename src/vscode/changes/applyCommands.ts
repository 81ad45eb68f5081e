// The apply commands. Apply Changes takes a conversation id, a Conversations-view row, or a Changes-view row (a
// file: only that file; a folder: the files under it); with nothing, the conversation the Changes view shows, else
// the person picks one of the
// listed conversations (before the list is loaded: those started here). Undo Apply takes nothing: there is one undoable apply, the last.
import * as vscode from 'vscode';
import type { ChangeTreeNode } from '../../core/changes/changeTree';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationStore } from '../conversations/conversationStore';
import type { ConversationWatch } from '../conversations/conversationWatch';
import { conversationOf, type ConversationNode } from '../conversations/conversationsTreeProvider';
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import type { ApplyConversation } from './applySources';
import type { ChangesApplier } from './changesApplier';

export function applyCommands(
  applier: ChangesApplier, watch: ConversationWatch, store: ConversationStore, session: ServerSession, shownId: () => string | undefined,
) {
  const known = (id: string): ApplyConversation => {
    const listed = watch.feed.list?.find((c) => c.id === id);
    const started = session.serverUrl ? store.find(session.serverUrl, id) : undefined;
    return {
      id, title: listed?.title ?? started?.title ?? id,
      repository: listed?.repository ?? started?.repository ?? null, branch: listed?.branch ?? started?.branch ?? null,
    };
  };
  return {
    [Command.ApplyChanges]: async (arg?: unknown) => {
      const listed = watch.feed.list ?? (session.serverUrl ? store.list(session.serverUrl) : []);
      // A row of another kind (the Changes view's base or message lines) stands for the conversation it shows.
      const named = typeof arg === 'string' || conversationOf(arg as ConversationNode | undefined) || isChangesRow(arg);
      const target = await targetOf(named ? arg : shownId(), listed, known);
      return target ? applier.apply(target.conversation, target.paths) : false;
    },
    [Command.UndoApply]: () => applier.undo(),
  } satisfies Record<string, CommandHandler>;
}

interface ApplyTarget {
  readonly conversation: ApplyConversation;
  readonly paths?: readonly string[];
}

/** What the argument names; with nothing, the person picks among the listed conversations (else those started here). */
async function targetOf(
  arg: unknown, listed: readonly { readonly id: string; readonly title: string }[], known: (id: string) => ApplyConversation,
): Promise<ApplyTarget | undefined> {
  if (typeof arg === 'string' && arg) return { conversation: known(arg) };
  const row = conversationOf(arg as ConversationNode | undefined);
  if (row) return { conversation: known(row.id) };
  if (isChangesRow(arg)) return { conversation: known(arg.conversationId), paths: filesUnder(arg.node) };
  if (!listed.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: no conversation is listed to apply changes from.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(listed.map((c) => ({ label: c.title, description: known(c.id).repository ?? undefined, id: c.id })), {
    title: vscode.l10n.t('OpenHands: Apply the changes of which conversation?'),
  });
  return picked && { conversation: known(picked.id) };
}

function isChangesRow(value: unknown): value is { conversationId: string; node: ChangeTreeNode } {
  const row = value as { kind?: unknown; conversationId?: unknown } | null | undefined;
  return row?.kind === 'tree' && typeof row.conversationId === 'string';
}

function filesUnder(node: ChangeTreeNode): string[] {
  return node.kind === 'file' ? [node.change.path] : node.children.flatMap(filesUnder);
}
