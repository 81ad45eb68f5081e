// Which conversation's changes the Changes view shows and what reading them gave: set by the Show Changes command
// (the on-demand bundle), read by the view and the decorations (the start-up bundle).
import * as vscode from 'vscode';
import type { ChangeStatus, FileChange } from '../../api/model/changes';
import type { ChangesState, ConversationRef } from '../../core/changes/changeLoader';
import { Disposable } from '../platform/lifecycle';

export interface ShownChanges {
  readonly conversation: ConversationRef & { readonly title: string };
  /** undefined while loading. */
  readonly state: ChangesState | undefined;
}

export const CHANGE_SCHEME = 'openhands-change';
export type ChangeSide = 'tree' | 'base' | 'agent';

/**
 * openhands-change://<conversation id>/<path>?<side>: the conversation as the authority, so VS Code's file icons,
 * titles and the review's folder descriptions read the workspace-relative path alone; the same path on both sides,
 * so a diff (and the multi-file review) shows one file, not a rename.
 */
export function changeUri(conversationId: string, side: ChangeSide, path: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CHANGE_SCHEME, authority: encodeURIComponent(conversationId), path: `/${path}`, query: side });
}

export function parseChangeUri(uri: vscode.Uri): { side: ChangeSide; conversationId: string; path: string } | undefined {
  const match = /^\/(.+)$/.exec(uri.path);
  const side = uri.query;
  if (uri.scheme !== CHANGE_SCHEME || !uri.authority || !match || (side !== 'tree' && side !== 'base' && side !== 'agent')) return undefined;
  return { side, conversationId: decodeURIComponent(uri.authority), path: match[1] };
}

export class ChangesStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private current: ShownChanges | undefined;

  get shown(): ShownChanges | undefined {
    return this.current;
  }

  show(shown: ShownChanges): void {
    this.current = shown;
    this.changed.fire();
  }

  /** A deleted conversation's changes leave the view. */
  forget(conversationId: string): void {
    if (this.current?.conversation.id !== conversationId) return;
    this.current = undefined;
    this.changed.fire();
  }

  /** The listed file at `path` of the conversation shown, if any. */
  fileOf(conversationId: string, path: string): FileChange | undefined {
    const state = this.current?.conversation.id === conversationId ? this.current.state : undefined;
    return state?.kind === 'loaded' ? state.changes.files.find((file) => file.path === path) : undefined;
  }
}

export const STATUS_LETTER: Record<ChangeStatus, string> = { added: 'A', modified: 'M', deleted: 'D', moved: 'R' };
