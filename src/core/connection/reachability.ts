// Whether the configured server can be reached, learned from every request (the transport tells each answer and
// each network failure, whichever feature asked): the first failure makes the connection offline at once, the
// first answer after it brings every view back at once. While offline and nothing else asks, a probe asks, less
// often the longer the server stays away; while the server answers, the probe sends nothing.
import type { Clock } from '../conversations/refreshSchedule';

export interface ReachabilityPorts {
  /** A request could not reach the server: the connection is offline. */
  offline(): void;
  /** The server answered again after it could not be reached: every view asks again now. */
  back(): void;
  /** One request to the server; its outcome comes back through `answered` or `unreachable` (the transport tells). */
  probe(): Promise<void>;
}

export interface ProbeTiming {
  readonly firstMs: number;
  readonly maxMs: number;
  readonly backoff: number;
}

/** 2 s, 4 s, 8 s, then every 15 s: a server back is seen within 15 s, and a dead one costs 4 requests a minute. */
export const PROBE_TIMING: ProbeTiming = { firstMs: 2_000, maxMs: 15_000, backoff: 2 };

export class Reachability {
  private offline = false;
  private probes = 0;
  private timer: unknown;
  private probing = false;
  private disposed = false;

  constructor(private readonly clock: Clock, private readonly ports: ReachabilityPorts, private readonly timing: ProbeTiming = PROBE_TIMING) {}

  get isOffline(): boolean { return this.offline; }

  /** A request could not reach the server (a network failure). */
  unreachable(): void {
    if (this.disposed) return;
    if (!this.offline) {
      this.offline = true;
      this.ports.offline();
    }
    this.plan();
  }

  /** A request got an answer, whatever its status. */
  answered(): void {
    if (!this.offline || this.disposed) return;
    this.settle();
    this.ports.back();
  }

  /**
   * The connection state was decided elsewhere (a load's outcome, a change of server): offline keeps probing,
   * anything else ends the probe without calling anything back (whoever decided it asks the server anyway).
   */
  stateSet(offline: boolean): void {
    if (this.disposed) return;
    if (!offline) return this.settle();
    this.offline = true;
    this.plan();
  }

  dispose(): void {
    this.disposed = true;
    this.settle();
  }

  private settle(): void {
    this.offline = false;
    this.probes = 0;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private plan(): void {
    if (!this.offline || this.disposed || this.probing || this.timer !== undefined) return;
    const delay = Math.min(this.timing.firstMs * this.timing.backoff ** this.probes, this.timing.maxMs);
    this.timer = this.clock.setTimeout(() => void this.probe(), delay);
  }

  private async probe(): Promise<void> {
    this.timer = undefined;
    if (!this.offline || this.disposed) return;
    this.probing = true;
    this.probes++;
    try {
      await this.ports.probe();
    } catch {
      // The transport told the outcome; a failure it did not tell (a timeout) leaves the connection offline.
    } finally {
      this.probing = false;
    }
    this.plan();
  }
}
