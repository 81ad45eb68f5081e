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

/** openhands-change:/<side>/<conversation id>/<path>: the path last, so VS Code's file icons and titles read it. */
export function changeUri(conversationId: string, side: ChangeSide, path: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CHANGE_SCHEME, path: `/${side}/${encodeURIComponent(conversationId)}/${path}` });
}

export function parseChangeUri(uri: vscode.Uri): { side: ChangeSide; conversationId: string; path: string } | undefined {
  const match = /^\/(tree|base|agent)\/([^/]+)\/(.+)$/.exec(uri.path);
  if (uri.scheme !== CHANGE_SCHEME || !match) return undefined;
  return { side: match[1] as ChangeSide, conversationId: decodeURIComponent(match[2]), path: match[3] };
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

  /** The listed file at `path` of the conversation shown, if any. */
  fileOf(conversationId: string, path: string): FileChange | undefined {
    const state = this.current?.conversation.id === conversationId ? this.current.state : undefined;
    return state?.kind === 'loaded' ? state.changes.files.find((file) => file.path === path) : undefined;
  }
}

export const STATUS_LETTER: Record<ChangeStatus, string> = { added: 'A', modified: 'M', deleted: 'D', moved: 'R' };
