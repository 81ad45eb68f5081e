// Keeps the Conversations view's model current: polls the configured server on the scheduler's terms (the list
// while the view is visible, the working ones started here by id while it is hidden, nothing otherwise), keeps
// the started ones' last states in the store, and tells who stopped working. Restarts when the server changes.
import * as vscode from 'vscode';
import { ConversationFeed, type FeedItem, type FeedPoll } from '../../core/conversations/conversationFeed';
import { RefreshScheduler, systemClock, type Clock, type PollKind } from '../../core/conversations/refreshSchedule';
import type { ServerSession } from '../connection/serverSession';
import { Disposable } from '../platform/lifecycle';
import type { ConversationStore } from './conversationStore';

/** A conversation started here, or set working by a follow-up from here, that stopped working; its server. */
export interface StoppedConversation {
  readonly serverUrl: string;
  readonly conversation: FeedItem;
}

export class ConversationWatch extends Disposable {
  readonly feed = new ConversationFeed();
  readonly scheduler: RefreshScheduler;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The list, a state or a failure changed: the view renders again. */
  readonly onDidChange = this.changed.event;
  private readonly stoppedEmitter = this.register(new vscode.EventEmitter<StoppedConversation>());
  readonly onDidStop = this.stoppedEmitter.event;
  private readonly deletedEmitter = this.register(new vscode.EventEmitter<{ readonly serverUrl: string; readonly ids: ReadonlySet<string> }>());
  /** Conversations deleted from here: their tabs and changes go with them. */
  readonly onDidDelete = this.deletedEmitter.event;
  private serverUrl: string | undefined;
  private viewVisible = false;
  /** The conversations open in transcript tabs, and whether each tab is visible. */
  private readonly tabs = new Map<string, boolean>();

  constructor(private readonly session: ServerSession, private readonly store: ConversationStore, clock: Clock = systemClock) {
    super();
    this.scheduler = new RefreshScheduler(clock, (kind, signal) => this.poll(kind, signal));
    this.register({ dispose: () => this.scheduler.dispose() });
    this.register(session.onDidChangeServer(() => this.serverChanged()));
    // Back from offline: the list is asked at once, not after the failures' backoff.
    this.register(session.onDidReconnect(() => this.scheduler.refreshSoon()));
    this.register(store.onDidChange(() => this.startedChanged()));
    this.serverUrl = session.serverUrl;
    this.startedChanged();
  }

  /** The view shows or hides. */
  setVisible(visible: boolean): void {
    this.viewVisible = visible;
    this.pollWhileSeen();
  }

  /**
   * A transcript tab shows the conversation (visible or hidden): its state is kept as the row's is, the one truth
   * for both; while the tab is visible the server is asked as while the view is. A new tab asks at once.
   */
  tabShown(id: string, visible: boolean): void {
    const opened = !this.tabs.has(id);
    this.tabs.set(id, visible);
    this.pollWhileSeen();
    if (opened) this.refresh();
  }

  tabClosed(id: string): void {
    this.tabs.delete(id);
    this.pollWhileSeen();
  }

  private pollWhileSeen(): void {
    this.feed.setWatched([...this.tabs.keys()]);
    this.scheduler.setVisible(this.viewVisible || [...this.tabs.values()].some(Boolean));
  }

  /** Asks again soon (after a stop or a follow-up). */
  refresh(): void {
    this.scheduler.refreshSoon();
  }

  /** The person's Refresh: the server's whole list again, every loaded page read anew, soon. */
  reload(): void {
    this.feed.rereadList();
    this.scheduler.refreshSoon();
  }

  /** The next page of the list, asked by the person: a failure is theirs to see. */
  async loadMore(signal?: AbortSignal): Promise<void> {
    const server = await this.session.connect();
    if (!server) return;
    await this.feed.loadMore(server.client, signal);
    this.changed.fire();
  }

  /** Conversations the person deleted: gone from the view (and from those started here) at once. */
  async deleted(ids: ReadonlySet<string>): Promise<void> {
    const serverUrl = this.serverUrl;
    this.feed.forget(ids);
    if (serverUrl) {
      await this.store.remove(serverUrl, ids);
      this.deletedEmitter.fire({ serverUrl, ids });
    }
    this.changed.fire();
  }

  /**
   * A follow-up message set the agent working again: one started here is followed (and told about) again; another
   * is followed until it stops, so that those who wait for its run's end (a review's) hear of it, seen or not.
   */
  followed(id: string): void {
    if (this.serverUrl && this.feed.startedStates.has(id)) void this.store.setStates(this.serverUrl, new Map([[id, 'running']]));
    else {
      this.feed.follow(id);
      this.scheduler.setWorking(true);
    }
    this.refresh();
  }

  private serverChanged(): void {
    this.serverUrl = this.session.serverUrl;
    this.feed.reset();
    this.startedChanged();
    this.scheduler.restart();
    this.changed.fire();
  }

  private startedChanged(): void {
    this.feed.setStarted(this.serverUrl ? this.store.list(this.serverUrl) : []);
    if (this.feed.workingStarted.length) this.scheduler.setWorking(true);
    this.changed.fire();
  }

  private async poll(kind: PollKind, signal: AbortSignal): Promise<FeedPoll> {
    const serverUrl = this.serverUrl;
    // One started from another window on this server is marked started here too, and followed.
    if (serverUrl) this.store.noticeOtherWindows(serverUrl);
    let outcome: FeedPoll;
    try {
      const server = await this.session.connect();
      if (!server || signal.aborted) return { changed: false, working: false, stopped: [] };
      outcome = await this.feed.poll(server.client, kind, signal);
    } catch (error) {
      outcome = this.feed.failed(error);
    }
    if (signal.aborted || !serverUrl) return outcome;
    if (outcome.changed) this.changed.fire();
    await this.store.setStates(serverUrl, this.feed.startedStates);
    for (const conversation of outcome.stopped) this.stoppedEmitter.fire({ serverUrl, conversation });
    return outcome;
  }
}
