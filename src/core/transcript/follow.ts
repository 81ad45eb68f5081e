// The live follow of one conversation's events, for its transcript tab. Pure: time comes from a Clock and the
// servers from FollowSources, so the tests drive it with fakes. The rules:
// - nothing is read before the tab is visible, and hiding or closing it aborts what is in flight, closes the
//   stream and cancels every timer (0 requests);
// - the agent server is followed where it is reachable (its stream where it has one, else its REST every ~1 s),
//   else the app server, polled with backoff (2 s growing to 10 s while nothing new arrives, back to 2 s when
//   something does); its events arrive in late batches with earlier times, so its reader's `since` reads again
//   from a window before the newest event held (client.ts), and the merge by id drops what repeats;
// - a failing agent server falls back to the app server, and is tried again after `agentRetryMs`;
// - the first read is the newest page (a 5,000-event conversation shows its end at once); `loadOlder` pages back;
// - when the run ends (a state event: finished, stopped, paused, error), everything held is read again once, after
//   the app server's copy is complete (V1: ~30 s after the end), then nothing more until `refreshSoon`.
import type { CallOptions, EventStream, EventsReader } from '../../api/client';
import type { ConversationState } from '../../api/model/conversations';
import type { ConversationEvent, PartialMessage } from '../../api/model/events';
import type { Clock } from '../conversations/refreshSchedule';
import { EventStore } from './eventStore';
import { pickSource } from './followSource';
import {
  DEFAULT_FOLLOW_TIMING, type FollowMode, type FollowSources, type FollowStatus, type FollowTiming, type FollowUpdate,
  type TranscriptFollow,
} from './followTypes';

/** The states that end a run: after one, the follow reads everything again once and then waits. */
export const RUN_ENDED: ReadonlySet<ConversationState> = new Set(['finished', 'stopped', 'paused', 'error']);

/** What one visible period (or one restart within it) started: stopped all at once. */
interface Run {
  readonly controller: AbortController;
  timer?: unknown;
  stream?: EventStream;
}

export class TranscriptFollower implements TranscriptFollow {
  private readonly store = new EventStore();
  private visible = false;
  private disposed = false;
  private run: Run | undefined;
  private reader: EventsReader | undefined;
  private mode: FollowMode = 'hidden';
  private agentUnreachable: FollowStatus['agentUnreachable'];
  private agentRetryAt = Number.NEGATIVE_INFINITY;
  /** The page before the first event held: undefined before the first read, null at the start. */
  private older: { readonly reader: EventsReader; readonly cursor: string } | null | undefined;
  private olderController: AbortController | undefined;
  private quietPolls = 0;
  /** The end state event already read again for. */
  private endHandled: string | undefined;
  private lastError: Error | undefined;
  private lastStatus = '';
  /** The agent's messages being written, by the id of the event that will end each (the stream's words). */
  private readonly partials = new Map<string, PartialMessage>();
  private partialTimer: unknown;

  constructor(
    private readonly sources: FollowSources,
    private readonly clock: Clock,
    private readonly onUpdate: (update: FollowUpdate) => void,
    private readonly timing: FollowTiming = DEFAULT_FOLLOW_TIMING,
  ) {}

  get events(): readonly ConversationEvent[] { return this.store.events; }

  get status(): FollowStatus {
    return {
      source: this.reader?.source, mode: this.mode, hasOlder: Boolean(this.older), loadingOlder: this.olderController !== undefined,
      ...(this.agentUnreachable ? { agentUnreachable: this.agentUnreachable } : {}),
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }

  setVisible(visible: boolean): void {
    if (this.disposed || visible === this.visible) return;
    this.visible = visible;
    if (visible) return this.restart();
    this.stop();
    this.olderController?.abort();
    this.mode = 'hidden';
    this.emit([]);
  }

  refreshSoon(): void {
    if (!this.visible || this.disposed || this.mode === 'stream') return;
    this.quietPolls = 0;
    this.restart();
  }

  reconnect(): void {
    if (!this.visible || this.disposed) return;
    this.agentRetryAt = Number.NEGATIVE_INFINITY;
    this.quietPolls = 0;
    this.restart();
  }

  dispose(): void {
    this.disposed = true;
    this.visible = false;
    this.stop();
    if (this.partialTimer !== undefined) this.clock.clearTimeout(this.partialTimer);
    this.olderController?.abort();
  }

  async loadOlder(): Promise<void> {
    const older = this.older;
    if (!older || !this.visible || this.olderController) return;
    const controller = new AbortController();
    this.olderController = controller;
    this.emit([]);
    try {
      const window = await older.reader.older(older.cursor, this.timing.pageSize, { signal: controller.signal, timeoutMs: this.timing.requestTimeoutMs });
      if (controller.signal.aborted) return;
      this.older = window.olderCursor === null ? null : { reader: older.reader, cursor: window.olderCursor };
      this.take(window.events);
    } catch (error) {
      if (!controller.signal.aborted) this.lastError = asError(error);
    } finally {
      this.olderController = undefined;
      if (!controller.signal.aborted) this.emit([]);
    }
  }

  private restart(): void {
    this.stop();
    const run: Run = { controller: new AbortController() };
    this.run = run;
    void this.begin(run);
  }

  private stop(): void {
    const run = this.run;
    this.run = undefined;
    if (!run) return;
    run.controller.abort();
    if (run.timer !== undefined) this.clock.clearTimeout(run.timer);
    this.closeStream(run);
  }

  private closeStream(run: Run): void {
    const stream = run.stream;
    run.stream = undefined;
    stream?.close();
    // No more words come: the events that end them will (by REST, or on the next stream).
    if (this.partials.size > 0) this.setPartial(undefined, undefined);
  }

  /** Sets (or with no partial, ends) one message being written, or all with no id; tells the tab soon. */
  private setPartial(id: string | undefined, partial: PartialMessage | undefined): void {
    if (id === undefined) this.partials.clear();
    else if (partial) this.partials.set(id, partial);
    else this.partials.delete(id);
    if (this.partialTimer !== undefined) return;
    this.partialTimer = this.clock.setTimeout(() => {
      this.partialTimer = undefined;
      if (!this.disposed) this.emit([], true);
    }, this.timing.partialEveryMs);
  }

  private call(run: Run): CallOptions {
    return { signal: run.controller.signal, timeoutMs: this.timing.requestTimeoutMs };
  }

  private schedule(run: Run, delayMs: number, next: () => void): void {
    run.timer = this.clock.setTimeout(() => {
      run.timer = undefined;
      if (this.run === run) next();
    }, delayMs);
  }

  /** Picks the source, reads (the newest page the first time, what is new since otherwise), then follows. */
  private async begin(run: Run): Promise<void> {
    const reader = await this.pick(run);
    if (reader) await this.read(run, reader);
  }

  /** The source to read now (undefined: stopped meanwhile, or no source at all, which the tab is told). */
  private async pick(run: Run): Promise<EventsReader | undefined> {
    let picked;
    try {
      picked = await pickSource(this.sources, this.clock.now() >= this.agentRetryAt, this.call(run));
    } catch {
      return undefined; // stopped meanwhile
    }
    if (this.run !== run) return undefined;
    if (picked.agentUnreachable) this.agentFailed(picked.agentUnreachable);
    else if (picked.reader?.source === 'agent-server') this.agentUnreachable = undefined;
    this.reader = picked.reader;
    if (!picked.reader) this.setMode('unavailable');
    return picked.reader;
  }

  private async read(run: Run, reader: EventsReader): Promise<void> {
    try {
      if (this.older === undefined) {
        const window = await reader.latest(this.timing.pageSize, this.call(run));
        if (this.run !== run) return;
        this.older = window.olderCursor === null ? null : { reader, cursor: window.olderCursor };
        this.take(window.events);
      } else {
        const events = await reader.since(this.store.newest, this.call(run));
        if (this.run !== run) return;
        this.quietPolls = this.take(events).length > 0 ? 0 : this.quietPolls + 1;
      }
      this.lastError = undefined;
    } catch (error) {
      if (this.run === run) this.failed(run, reader, error);
      return;
    }
    this.follow(run, reader);
  }

  /** After a read: the full re-read where the run just ended, else the stream, else the next poll. */
  private follow(run: Run, reader: EventsReader): void {
    if (this.endIsNew()) return this.awaitFullRead(run, reader);
    if (reader.source === 'agent-server' && reader.stream) return this.openStream(run, reader);
    this.setMode('polling');
    const appServer = reader.source === 'app-server';
    const delay = appServer
      ? Math.min(this.timing.appPollFirstMs * this.timing.backoff ** this.quietPolls, this.timing.appPollMaxMs)
      : this.timing.agentPollMs;
    const agentDue = () => appServer && this.sources.agentReach !== undefined && this.clock.now() >= this.agentRetryAt;
    this.schedule(run, delay, () => (agentDue() ? this.restart() : void this.read(run, reader)));
  }

  private openStream(run: Run, reader: EventsReader): void {
    let opened: EventStream | undefined;
    let closedWhileOpening: { error: unknown } | undefined;
    // Only this stream's own handlers act, and only while it is the run's: one closed earlier may report late.
    const current = () => opened !== undefined && this.run === run && run.stream === opened;
    opened = reader.stream!(this.store.newest, {
      onEvent: (event) => {
        if (!current()) return;
        this.take([event]);
        if (this.endIsNew()) this.awaitFullRead(run, reader);
      },
      onPartial: (partial) => { if (current()) this.setPartial(partial.id, partial); },
      onPartialEnd: (id) => { if (current()) this.setPartial(id, undefined); },
      onClose: (error) => {
        if (opened === undefined) closedWhileOpening = { error };
        else if (current()) this.streamClosed(run, reader, error);
      },
    });
    run.stream = opened;
    this.setMode('stream');
    if (closedWhileOpening) this.streamClosed(run, reader, closedWhileOpening.error);
  }

  /** The agent server ended the stream (or it failed): the app server is followed until the agent is tried again. */
  private streamClosed(run: Run, reader: EventsReader, error: unknown): void {
    run.stream = undefined;
    this.failed(run, reader, error);
  }

  private failed(run: Run, reader: EventsReader, error: unknown): void {
    this.lastError = error === undefined ? undefined : asError(error);
    if (reader.source === 'agent-server' && this.sources.appServer) {
      this.agentFailed('failed');
      this.restart();
      return;
    }
    this.quietPolls++;
    this.setMode('polling');
    const delay = Math.min(this.timing.appPollFirstMs * this.timing.backoff ** this.quietPolls, this.timing.appPollMaxMs);
    this.schedule(run, delay, () => this.restart());
  }

  private agentFailed(reason: NonNullable<FollowStatus['agentUnreachable']>): void {
    this.agentUnreachable = reason;
    this.agentRetryAt = this.clock.now() + this.timing.agentRetryMs;
  }

  /** Waits until the source's copy is complete (the app server's lags), then reads everything held again. */
  private awaitFullRead(run: Run, reader: EventsReader): void {
    this.closeStream(run);
    this.setMode('polling');
    const delay = reader.source === 'app-server' ? this.timing.fullReadDelayMs : this.timing.agentPollMs;
    this.schedule(run, delay, () => void this.fullRead(run));
  }

  private async fullRead(run: Run): Promise<void> {
    const end = this.latestEnd();
    const reader = await this.pick(run);
    if (!reader) return;
    try {
      this.take(await reader.since(this.store.oldest, this.call(run)));
    } catch (error) {
      if (this.run === run) this.failed(run, reader, error);
      return;
    }
    if (this.run !== run) return;
    this.endHandled = end?.id;
    if (this.endIsNew() || !this.latestEnd()) return this.follow(run, reader);
    this.setMode('complete');
  }

  /** The last state event, where it says the run ended. */
  private latestEnd(): ConversationEvent | undefined {
    const events = this.store.events;
    for (let i = events.length - 1; i >= 0; i--) {
      const event = events[i]!;
      if (event.kind === 'state') return RUN_ENDED.has(event.state) ? event : undefined;
    }
    return undefined;
  }

  private endIsNew(): boolean {
    const end = this.latestEnd();
    return end !== undefined && end.id !== this.endHandled;
  }

  private take(events: readonly ConversationEvent[]): ConversationEvent[] {
    const added = this.store.merge(events);
    for (const event of added) this.partials.delete(event.id); // written: the event replaces its words
    if (added.length > 0) this.emit(added);
    return added;
  }

  private setMode(mode: FollowMode): void {
    this.mode = mode;
    this.emit([]);
  }

  /** Tells the tab, unless nothing changed at all. */
  private emit(changed: readonly ConversationEvent[], partialsChanged = false): void {
    const status = this.status;
    const key = JSON.stringify({ ...status, lastError: status.lastError?.message });
    if (changed.length === 0 && key === this.lastStatus && !partialsChanged) return;
    this.lastStatus = key;
    this.onUpdate({ events: this.store.events, changed, status, partials: [...this.partials.values()] });
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
