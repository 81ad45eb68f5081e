// A click on a conversation's row opens its transcript without taking the focus, as the Explorer previews a file
// (so F2 and Delete still act on the row); the second click of a double click focuses the tab. VS Code runs a
// row's command on each click and tells it nothing of which click it is: the same row again within
// DOUBLE_CLICK_MS is the double click's second.
import type { Clock } from './refreshSchedule';

export const DOUBLE_CLICK_MS = 500;

export class RowClicks {
  private last: { readonly id: string; readonly at: number } | undefined;

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /** Whether this click on the row of `id` is the second of a double click. */
  isDouble(id: string): boolean {
    const now = this.clock.now();
    const double = this.last?.id === id && now - this.last.at <= DOUBLE_CLICK_MS;
    // A double click's second click ends it: a third is a new first.
    this.last = double ? undefined : { id, at: now };
    return double;
  }
}
