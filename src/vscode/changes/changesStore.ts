// Which conversation's changes the Changes view shows and what reading them gave: set by the Show Changes command
// (the on-demand bundle), read by the view and the decorations (the start-up bundle).
import * as vscode from 'vscode';
import type { ChangeStatus, FileChange } from '../../api/model/changes';
import type { ChangesState, ConversationRef } from '../../core/changes/changeLoader';
import { Disposable } from '../platform/lifecycle';

export interface ShownChanges {
  /** The server the conversation is on: its changes are read from there, also after a reload. */
  readonly serverUrl: string;
  readonly conversation: ConversationRef & { readonly title: string };
  /** undefined while loading. */
  readonly state: ChangesState | undefined;
}

export const CHANGE_SCHEME = 'openhands-change';
export type ChangeSide = 'tree' | 'base' | 'agent';

/** Where a changed file's side is read from: its server and conversation. */
export interface ChangesOrigin {
  readonly serverUrl: string;
  readonly conversationId: string;
}

/**
 * openhands-change://<conversation id>/<path>?side=<side>&server=<server URL>: the conversation as the authority, so
 * VS Code's file icons, titles and the review's folder descriptions read the workspace-relative path alone; the same
 * path on both sides, so a diff (and the multi-file review) shows one file, not a rename. It names all a read needs:
 * a review VS Code restores after a reload reads its files again from the server.
 */
export function changeUri(origin: ChangesOrigin, side: ChangeSide, path: string): vscode.Uri {
  const query = new URLSearchParams({ side, server: origin.serverUrl }).toString();
  return vscode.Uri.from({ scheme: CHANGE_SCHEME, authority: encodeURIComponent(origin.conversationId), path: `/${path}`, query });
}

export function parseChangeUri(uri: vscode.Uri): (ChangesOrigin & { side: ChangeSide; path: string }) | undefined {
  const match = /^\/(.+)$/.exec(uri.path);
  const query = new URLSearchParams(uri.query);
  const side = query.get('side');
  const serverUrl = query.get('server');
  if (uri.scheme !== CHANGE_SCHEME || !uri.authority || !match || !serverUrl || (side !== 'tree' && side !== 'base' && side !== 'agent')) return undefined;
  return { side, serverUrl, conversationId: decodeURIComponent(uri.authority), path: match[1]! };
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
