// One conversation's transcript tab: the page (transcriptHtml.ts), fed by the live follow (core/transcript) while
// the tab is visible and nothing while it is hidden or closed; the page's requests (reply, attach, stop, resume,
// approve, reject, export, links, paths) go through the extension's existing paths.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import type { ConversationState } from '../../api/model/conversations';
import type { ConversationEvent } from '../../api/model/events';
import { RowStates } from '../../core/transcript/rowStates';
import type { FollowSources, FollowStatus, FollowTiming, FollowUpdate, TranscriptFollow } from '../../core/transcript/followTypes';
import { followSourcesOf } from '../../core/transcript/followSource';
import type { Transcript } from '../../core/transcript/items';
import { partialItems } from '../../core/transcript/partials';
import type { PartialMessage } from '../../api/model/events';
import type { ServerSession } from '../connection/serverSession';
import type { ConversationWatch } from '../conversations/conversationWatch';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';
import { pageRoot, transcriptHtml } from './transcriptHtml';
import type { HostMessage, PageMessage, TranscriptState, ViewItem } from './protocol';
import { viewHeader, waitsForAnswer } from './viewHeader';
import { viewItem } from './viewItems';
import { viewStrings } from './viewStrings';

/** What the tab reads and builds with: core's follow and transcript, with the local workspace's paths. */
export interface TranscriptEngine {
  readonly timing: FollowTiming;
  follow(sources: FollowSources, onUpdate: (update: FollowUpdate) => void): TranscriptFollow;
  transcript(events: readonly ConversationEvent[]): Transcript;
}

/** What the page's buttons do, by the tab's conversation; each resolves once done. */
export interface PageActions {
  reply(tab: TranscriptPanel, text: string, files: readonly vscode.Uri[]): Promise<boolean>;
  pickFiles(): Promise<vscode.Uri[]>;
  run(action: 'stop' | 'resume' | 'approve' | 'reject' | 'export', tab: TranscriptPanel): Promise<unknown>;
  openLink(url: string): Promise<unknown>;
  openPath(localPath: string | undefined, sandboxPath: string): Promise<unknown>;
}

export interface PanelServices {
  readonly session: ServerSession;
  readonly watch: ConversationWatch;
  readonly engine: TranscriptEngine;
  readonly actions: PageActions;
  readonly logger: Logger;
  readonly extensionUri: vscode.Uri;
}

export class TranscriptPanel extends Disposable {
  private follow: TranscriptFollow | undefined;
  private transcript: Transcript | undefined;
  private status: FollowStatus | undefined;
  private partials: readonly PartialMessage[] = [];
  private newestTime = '';
  /** The conversation's state as the row has it, and as the events last said it: a change of either is acted on. */
  private sharedState: ConversationState | undefined;
  private eventState: ConversationState | undefined;
  /** The row's changes of state while the tab is open, as transcript entries (a Stop or Resume has no event). */
  private readonly rowStates = new RowStates();
  /** The items the page shows, by id, as sent (to send only what changed). */
  private shown = new Map<string, string>();
  private localPaths = new Map<string, string>();
  private attached: vscode.Uri[] = [];
  private pageReady = false;
  /** When the tab was made, and whether its first events were posted: the log says how long each step took. */
  private readonly created = performance.now();
  private firstPosted = false;
  private readonly disposedEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.disposedEmitter.event;

  constructor(readonly panel: vscode.WebviewPanel, readonly state: TranscriptState, private readonly services: PanelServices) {
    super();
    const root = pageRoot(services.extensionUri);
    panel.webview.options = { enableScripts: true, localResourceRoots: [root] };
    panel.title = state.title;
    panel.webview.html = transcriptHtml(panel.webview, root);
    this.register(panel.webview.onDidReceiveMessage((message: PageMessage) => void this.received(message)));
    this.register(panel.onDidChangeViewState(() => this.visibilityChanged()));
    this.register(panel.onDidDispose(() => this.dispose()));
    this.register(services.watch.onDidChange(() => this.stateChanged()));
    this.sharedState = services.watch.feed.stateOf(state.conversationId);
    this.rowStates.observe(this.sharedState, undefined, new Date());
    services.watch.tabShown(state.conversationId, panel.visible);
    this.register(services.session.onDidChangeServer(() => this.restartFollow()));
    this.register(services.session.onDidReconnect(() => this.follow?.refreshSoon()));
    // Read while the page boots (a webview takes a while to start): its first message then carries the events.
    void this.startFollow();
  }

  get conversation(): { readonly id: string; readonly title: string } {
    return { id: this.state.conversationId, title: this.panel.title };
  }

  /** The events the tab holds, oldest first (for the export). */
  get events(): readonly ConversationEvent[] { return this.follow?.events ?? []; }

  /** Brings the tab to the front; `preserveFocus`: the focus stays where it is. */
  reveal(preserveFocus = false): void { this.panel.reveal(undefined, preserveFocus); }

  /** An action of the agent waits for the person's Approve or Reject, as the tab shows it. */
  get awaitingAnswer(): boolean {
    return waitsForAnswer((this.transcript?.awaitingConfirmation.length ?? 0) > 0, this.sharedState ?? this.transcript?.state);
  }

  /** Something is expected (a reply went, an action was approved): read again soon. */
  expectNews(): void { this.follow?.refreshSoon(); }

  override dispose(): void {
    if (this.isDisposed) return;
    this.services.watch.tabClosed(this.state.conversationId);
    this.follow?.dispose();
    this.follow = undefined;
    this.disposedEmitter.fire();
    super.dispose();
    this.panel.dispose();
  }

  /** The client of the conversation's server, when that is the server the extension is connected to. */
  client(): OpenHandsClient | undefined {
    const server = this.services.session.server;
    return server && server.url === this.state.serverUrl ? server.client : undefined;
  }

  private async received(message: PageMessage): Promise<void> {
    const { actions } = this.services;
    switch (message.type) {
      case 'ready': return this.pageLoaded();
      case 'openLink': await actions.openLink(message.url); return;
      case 'openPath': await actions.openPath(this.localPaths.get(message.path), message.path); return;
      case 'reply': return this.reply(message.text);
      case 'attach': this.attached = [...this.attached, ...await actions.pickFiles()]; return this.postHeader();
      case 'clearAttached': this.attached = []; return this.postHeader();
      case 'loadOlder': await this.follow?.loadOlder(); return;
      case 'stop': case 'resume': case 'approve': case 'reject': case 'export':
        await actions.run(message.type, this);
        if (message.type !== 'export') this.expectNews();
    }
  }

  private async reply(text: string): Promise<void> {
    const sent = await this.services.actions.reply(this, text, this.attached);
    if (!sent) return;
    this.attached = [];
    this.post({ type: 'sent' });
    this.postHeader();
    this.expectNews();
  }

  /** The page (re)loaded, as after the tab was hidden: it gets everything held, and the follow starts. */
  private pageLoaded(): void {
    this.services.logger.info(`Transcript ${this.state.conversationId}: page ready after ${(performance.now() - this.created).toFixed(0)} ms`);
    this.pageReady = true;
    const items = this.currentItems();
    this.shown = new Map(items.map((item) => [item.id, JSON.stringify(item)]));
    this.post({ type: 'init', state: this.state, strings: viewStrings(), header: this.header(), items });
    this.noteFirstEvents();
    if (!this.follow) void this.startFollow();
  }

  private noteFirstEvents(): void {
    const count = this.follow?.events.length ?? 0;
    if (this.firstPosted || !count) return;
    this.firstPosted = true;
    this.services.logger.info(`Transcript ${this.state.conversationId}: first ${count} events posted after ${(performance.now() - this.created).toFixed(0)} ms (${this.status?.source ?? 'no source'})`);
  }

  /** Follows once connected to the conversation's server (after a reload, the tab may come back before the connection). */
  private async startFollow(): Promise<void> {
    const { session } = this.services;
    if (!this.client() && session.serverUrl === this.state.serverUrl) {
      await session.connect().catch((error: unknown) => this.services.logger.warn(`Transcript: no connection to ${this.state.serverUrl}: ${String(error)}`));
      if (this.isDisposed) return;
      this.postHeader();
    }
    this.ensureFollow();
    this.follow?.setVisible(this.panel.visible);
  }

  private visibilityChanged(): void {
    // A hidden tab's page is unloaded (no retained context): it asks again with `ready` when shown.
    if (!this.panel.visible) this.pageReady = false;
    this.services.watch.tabShown(this.state.conversationId, this.panel.visible);
    this.follow?.setVisible(this.panel.visible);
  }

  /**
   * The row's state is the tab's (one truth for both): a change (paused, resumed, gone) is shown, and the events
   * are read from the source that state allows (a paused sandbox's agent server answers nothing).
   */
  private stateChanged(): void {
    const state = this.services.watch.feed.stateOf(this.state.conversationId);
    if (this.sharedState !== undefined && state !== this.sharedState) this.follow?.reconnect();
    this.sharedState = state;
    if (this.rowStates.observe(state, this.transcript?.items.at(-1)?.id, new Date()) && this.pageReady) this.postItems(this.currentItems());
    this.postHeader();
  }

  private ensureFollow(): void {
    if (this.follow) return;
    const client = this.client();
    if (!client) return;
    const id = this.state.conversationId;
    this.follow = this.services.engine.follow(followSourcesOf(client, id), (update) => this.updated(update));
  }

  private restartFollow(): void {
    this.follow?.dispose();
    this.follow = undefined;
    this.transcript = undefined;
    this.partials = [];
    this.status = undefined;
    if (this.pageReady) this.pageLoaded(); else void this.startFollow();
  }

  private updated(update: FollowUpdate): void {
    this.status = update.status;
    this.partials = update.partials;
    // Only new or changed events change the items: the words of a message being written come many times a second.
    if (update.changed.length > 0 || !this.transcript) this.transcript = this.services.engine.transcript(update.events);
    this.newestTime = update.events.at(-1)?.timestamp ?? '';
    // The events told of a new state before the list did: the row (and so this tab) asks the server now.
    if (this.transcript.state !== this.eventState) this.services.watch.refresh();
    this.eventState = this.transcript.state;
    if (!this.pageReady) return;
    this.postItems(this.currentItems());
    this.postHeader();
    this.noteFirstEvents();
  }

  /**
   * Sends the items that are new or changed: new ones before the first one shown as older, the rest in place or
   * after; and takes away those gone (a result read before its action, an unchanged state, now part of another).
   */
  private postItems(items: readonly ViewItem[]): void {
    const current = new Set(items.map((item) => item.id));
    const gone = [...this.shown.keys()].filter((id) => !current.has(id));
    for (const id of gone) this.shown.delete(id);
    if (gone.length) this.post({ type: 'removed', ids: gone });
    const firstShown = items.findIndex((item) => this.shown.has(item.id));
    const changed = items.map((item, index) => ({ item, index, json: JSON.stringify(item), isNew: !this.shown.has(item.id) }))
      .filter(({ item, json }) => this.shown.get(item.id) !== json);
    for (const { item, json } of changed) this.shown.set(item.id, json);
    const isOlder = (c: (typeof changed)[number]) => c.isNew && c.index < firstShown;
    const older = changed.filter(isOlder).map((c) => c.item);
    const rest = changed.filter((c) => !isOlder(c)).map((c) => c.item);
    if (older.length) this.post({ type: 'older', items: older });
    if (rest.length) this.post({ type: 'items', items: rest });
  }

  private currentItems(): ViewItem[] {
    const items = [...this.rowStates.merge(this.transcript?.items ?? []), ...partialItems(this.partials, this.newestTime)];
    this.localPaths = new Map(items.flatMap((item) => item.kind === 'file' && item.localPath ? [[item.path, item.localPath] as const] : []));
    return items.map(viewItem);
  }

  private header() {
    const summary = this.services.watch.feed.list?.find((c) => c.id === this.state.conversationId);
    const connected = this.services.session.server?.url;
    // The server names a conversation after its first message: the tab takes the name once it has one.
    if (summary?.title && summary.title !== this.panel.title) this.panel.title = summary.title;
    return viewHeader({
      title: this.panel.title,
      state: this.services.watch.feed.stateOf(this.state.conversationId) ?? this.transcript?.state,
      client: this.client(),
      otherServer: connected !== undefined && connected !== this.state.serverUrl ? this.state.serverUrl : undefined,
      status: this.status,
      timing: this.services.engine.timing,
      awaiting: (this.transcript?.awaitingConfirmation.length ?? 0) > 0,
      attached: this.attached.map((uri) => vscode.workspace.asRelativePath(uri, false)),
      ...(summary?.cost ? { cost: summary.cost } : {}),
    });
  }

  private postHeader(): void {
    if (this.pageReady) this.post({ type: 'header', header: this.header() });
  }

  private post(message: HostMessage): void {
    void this.panel.webview.postMessage(message);
  }
}
