// A clock whose time moves only when a test says so: timers run in order of their due time, with the promises
// they start settled before the next one runs.
import type { Clock } from '../../src/core/conversations/refreshSchedule';

interface Timer { readonly at: number; readonly run: () => void; readonly id: number }

export class FakeClock implements Clock {
  private time = 0;
  private timers: Timer[] = [];
  private ids = 0;

  now(): number { return this.time; }

  setTimeout(run: () => void, ms: number): unknown {
    const timer = { at: this.time + Math.max(0, ms), run, id: ++this.ids };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  get pending(): number { return this.timers.length; }

  /** Moves time forward by `ms`, running each timer due on the way at its own time. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const next = [...this.timers].sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next || next.at > end) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.run();
    }
    this.time = end;
    await settle();
  }
}

/** Lets every promise already resolved run its continuations. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
