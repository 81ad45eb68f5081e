// The open groups of a tree whose rows VS Code has not asked for since it was given the top level. VS Code's
// extension host answers a request for the rows of an element a whole refresh made it forget with nothing, without
// asking the provider, and nothing asks again: the group stays open and empty. So the open groups are refreshed
// alone once the top level is answered, and again at growing intervals until their rows are asked for. A refresh
// of a group the extension host forgot is dropped without a word, so when the rows were still not asked for after
// the last interval, the last resort is a whole refresh: once, until the rows are asked for again (no loop).
import type { Clock } from '../conversations/refreshSchedule';

/** When the open groups are refreshed after the top level was answered, each time some were not asked for since. */
export const REASK_DELAYS_MS = [0, 250, 500, 1000, 2000, 4000] as const;

export class UnaskedRows {
  private unasked = new Set<string>();
  private timer: unknown;
  /** The whole refresh was tried since the rows were last all asked for. */
  private resorted = false;

  /**
   * `refresh` refreshes the groups with these ids, false when it cannot (VS Code no longer knows one);
   * `refreshAll` refreshes the whole tree.
   */
  constructor(private readonly clock: Clock, private readonly refresh: (ids: readonly string[]) => boolean, private readonly refreshAll: () => void) {}

  /** VS Code was given the top level: these groups are open, and their rows will be asked for. */
  topLevelGiven(openIds: readonly string[]): void {
    this.unasked = new Set(openIds);
    this.after(0);
  }

  /** VS Code asked for a group's rows, or the person closed it (VS Code asks for none then). */
  rowsAsked(id: string): void {
    this.unasked.delete(id);
    if (this.unasked.size === 0) this.resorted = false;
  }

  dispose(): void {
    this.clock.clearTimeout(this.timer);
  }

  private after(attempt: number): void {
    this.clock.clearTimeout(this.timer);
    if (attempt >= REASK_DELAYS_MS.length) {
      // As long after the last refresh of the groups as before it.
      this.timer = this.clock.setTimeout(() => {
        if (this.unasked.size === 0 || this.resorted) return;
        this.resorted = true;
        this.refreshAll();
      }, REASK_DELAYS_MS[REASK_DELAYS_MS.length - 1]);
      return;
    }
    // A task, not a microtask: the top level's answer goes to VS Code first.
    this.timer = this.clock.setTimeout(() => {
      // Cannot: a whole refresh is on its way, and its request for the top level starts this again.
      if (this.unasked.size && this.refresh([...this.unasked])) this.after(attempt + 1);
    }, REASK_DELAYS_MS[attempt]);
  }
}
