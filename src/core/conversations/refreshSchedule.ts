// When the Conversations view asks the server again, and what it asks. Pure: time comes from a Clock, so the
// tests drive it with a fake one. The rules:
// - the whole list ('list') while the view is visible; only the conversations started here ('started', by ids)
//   while it is hidden and one of them is working; nothing at all otherwise (0 requests);
// - fast while a conversation started here is working, slower when not, each interval growing when a poll
//   changed nothing and back to the first after a change;
// - never two polls at once, and never two starts closer than `minGapMs`: a poll sends at most two requests
//   (a page and the ids beyond it), so the view stays under 2 requests/s, far below V1's 10 per second;
// - a failure backs off up to `failureMaxMs`, and a rate-limit answer's Retry-After is honored;
// - restart() (the server changed) aborts the poll in flight; dispose() stops everything.

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type PollKind = 'list' | 'started';

export interface PollOutcome {
  /** Something the view shows changed. */
  readonly changed: boolean;
  /** A conversation started here is starting or running. */
  readonly working: boolean;
  /** The poll failed; `retryAfterMs` when the server said when to come back. */
  readonly failed?: boolean;
  readonly retryAfterMs?: number;
}

export type Poll = (kind: PollKind, signal: AbortSignal) => Promise<PollOutcome>;

export interface Interval {
  readonly firstMs: number;
  readonly maxMs: number;
}

export interface ScheduleTiming {
  /** While a conversation started here is working. */
  readonly working: Interval;
  /** While the view is visible and nothing started here works. */
  readonly visible: Interval;
  /** Each poll that changed nothing multiplies the interval by this. */
  readonly backoff: number;
  readonly minGapMs: number;
  readonly failureMaxMs: number;
}

export const DEFAULT_TIMING: ScheduleTiming = {
  working: { firstMs: 2_000, maxMs: 8_000 },
  visible: { firstMs: 5_000, maxMs: 60_000 },
  backoff: 2,
  minGapMs: 1_000,
  failureMaxMs: 120_000,
};

/** What to poll: the list while visible, the started ones while hidden and working, else nothing. */
export function pollKind(visible: boolean, working: boolean): PollKind | undefined {
  if (visible) return 'list';
  return working ? 'started' : undefined;
}

/**
 * The wait before the next poll after `quietPolls` polls without change and `failures` failures in a row: the
 * first quiet poll keeps the first interval, each further one doubles it (by `backoff`) up to the maximum.
 */
export function nextDelay(timing: ScheduleTiming, working: boolean, quietPolls: number, failures: number): number {
  const interval = working ? timing.working : timing.visible;
  if (failures > 0) return Math.min(interval.firstMs * timing.backoff ** failures, timing.failureMaxMs);
  return Math.min(interval.firstMs * timing.backoff ** Math.max(0, quietPolls - 1), interval.maxMs);
}

export class RefreshScheduler {
  private visible = false;
  private working = false;
  private quietPolls = 0;
  private failures = 0;
  private timer: { handle: unknown; at: number } | undefined;
  private inFlight: AbortController | undefined;
  private soon = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  /** A rate-limit answer's Retry-After, as clock time. */
  private notBefore = Number.NEGATIVE_INFINITY;
  private disposed = false;

  constructor(private readonly clock: Clock, private readonly poll: Poll, private readonly timing: ScheduleTiming = DEFAULT_TIMING) {}

  /** When the next poll is due (clock time), undefined when none is planned. */
  get nextPollAt(): number | undefined { return this.timer?.at; }
  get polling(): boolean { return this.inFlight !== undefined; }
  get isWorking(): boolean { return this.working; }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (visible) this.refreshSoon();
    else this.plan();
  }

  /** Told from outside that a conversation started here is working (it was just started): poll it soon. */
  setWorking(working: boolean): void {
    const became = working && !this.working;
    this.working = working;
    if (became) this.refreshSoon();
    else this.plan();
  }

  /** Polls as soon as the minimum gap allows, with the first interval again (a change is expected). */
  refreshSoon(): void {
    this.quietPolls = 0;
    this.soon = true;
    this.plan();
  }

  /** The server changed: what is in flight is for the old one. */
  restart(): void {
    this.inFlight?.abort();
    this.inFlight = undefined;
    this.failures = 0;
    this.refreshSoon();
  }

  dispose(): void {
    this.disposed = true;
    this.inFlight?.abort();
    this.inFlight = undefined;
    this.cancelTimer();
  }

  private plan(): void {
    if (this.disposed || this.inFlight) return; // the poll in flight plans the next one when it ends
    this.cancelTimer();
    if (!pollKind(this.visible, this.working)) return;
    const earliest = this.lastStart + this.timing.minGapMs;
    const due = this.soon ? earliest : this.lastStart + nextDelay(this.timing, this.working, this.quietPolls, this.failures);
    const at = Math.max(this.clock.now(), earliest, due, this.notBefore);
    this.timer = { at, handle: this.clock.setTimeout(() => void this.run(), at - this.clock.now()) };
  }

  private cancelTimer(): void {
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    const kind = pollKind(this.visible, this.working);
    if (this.disposed || !kind) return;
    const controller = new AbortController();
    this.inFlight = controller;
    this.soon = false;
    this.lastStart = this.clock.now();
    let outcome: PollOutcome;
    try {
      outcome = await this.poll(kind, controller.signal);
    } catch {
      outcome = { changed: false, working: this.working, failed: true };
    }
    if (controller.signal.aborted) return; // restarted or disposed: that plans on its own
    this.inFlight = undefined;
    this.record(outcome);
    this.plan();
  }

  private record(outcome: PollOutcome): void {
    this.failures = outcome.failed ? this.failures + 1 : 0;
    this.quietPolls = outcome.changed || outcome.failed ? 0 : this.quietPolls + 1;
    this.working = outcome.working;
    if (outcome.retryAfterMs !== undefined) this.notBefore = this.clock.now() + outcome.retryAfterMs;
  }
}
