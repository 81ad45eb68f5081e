// The open transcript tabs, one per conversation: opening one already open reveals it; a tab VS Code restores
// after a reload (transcriptSerializer.ts) joins them.
import * as vscode from 'vscode';
import { WebviewPanelType } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { TranscriptState } from './protocol';
import { TranscriptPanel, type PanelServices } from './transcriptPanel';

export class TranscriptTabs extends Disposable {
  private readonly tabs = new Map<string, TranscriptPanel>();

  constructor(private readonly services: PanelServices) {
    super();
    this.register({ dispose: () => { for (const tab of [...this.tabs.values()]) tab.dispose(); } });
    this.register(services.watch.onDidDelete(({ serverUrl, ids }) => this.closeDeleted(serverUrl, ids)));
  }

  /** A deleted conversation's tab closes, and says why: it would only show what the server no longer has. */
  private closeDeleted(serverUrl: string, ids: ReadonlySet<string>): void {
    const closed = [...ids].flatMap((conversationId) => {
      const tab = this.tabs.get(keyOf({ serverUrl, conversationId }));
      if (!tab) return [];
      const { title } = tab.conversation;
      tab.dispose();
      return [title];
    });
    if (closed.length === 1) void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the transcript of "{0}" was closed: the conversation was deleted.', closed[0]));
    else if (closed.length > 1) void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: {0} transcripts were closed: their conversations were deleted.', closed.length));
  }

  /** Reveals the conversation's tab, opening it when it is not open; `focus`: the tab takes the focus. */
  open(state: TranscriptState, focus = true): TranscriptPanel {
    const open = this.tabs.get(keyOf(state));
    if (open) {
      open.reveal(!focus);
      return open;
    }
    const panel = vscode.window.createWebviewPanel(WebviewPanelType.Transcript, state.title, { viewColumn: vscode.ViewColumn.Active, preserveFocus: !focus }, {
      enableScripts: true, enableFindWidget: true,
    });
    return this.adopt(panel, state);
  }

  /** A tab VS Code kept across a reload, with the state its page saved. */
  restore(panel: vscode.WebviewPanel, state: TranscriptState): void {
    this.tabs.get(keyOf(state))?.dispose();
    this.adopt(panel, state);
  }

  /** The open tab of a conversation on the connected server's URL, if any. */
  find(conversationId: string, serverUrl: string | undefined): TranscriptPanel | undefined {
    return serverUrl === undefined ? undefined : this.tabs.get(keyOf({ serverUrl, conversationId }));
  }

  /**
   * The conversation of the transcript tab in front, if one is and is on the connected server's URL: the palette's
   * commands act through that server, so one on another server is not taken for them (they would fail there).
   */
  active(): { readonly id: string; readonly title: string } | undefined {
    const front = [...this.tabs.values()].find((tab) => tab.panel.active);
    return front?.state.serverUrl === this.services.session.serverUrl ? front?.conversation : undefined;
  }

  private adopt(panel: vscode.WebviewPanel, state: TranscriptState): TranscriptPanel {
    const tab = new TranscriptPanel(panel, state, this.services);
    const key = keyOf(state);
    this.tabs.set(key, tab);
    tab.onDidDispose(() => { if (this.tabs.get(key) === tab) this.tabs.delete(key); });
    return tab;
  }
}

function keyOf(state: Pick<TranscriptState, 'serverUrl' | 'conversationId'>): string {
  return `${state.serverUrl}\n${state.conversationId}`;
}

/** The state a restored page saved, when it is one (it came from the page: checked, not trusted). */
export function transcriptState(value: unknown): TranscriptState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { serverUrl, conversationId, title } = value as Record<string, unknown>;
  if (typeof serverUrl !== 'string' || typeof conversationId !== 'string' || !conversationId) return undefined;
  return { serverUrl, conversationId, title: typeof title === 'string' && title ? title : conversationId };
}
