// A whole refresh of a tree view that VS Code has not answered yet by asking for the top level. While one is
// pending, another is not sent: it would only make VS Code's extension host forget the rows once more while the
// workbench may be asking for them, and the request to come reads the newest build anyway. But a view that shows
// and is never asked for its top level again would never show a change again, so when no request came within
// TOP_LEVEL_WAIT_MS while the view shows, the whole refresh is sent once more (once per refresh: no loop).
import type { Clock } from '../conversations/refreshSchedule';

/** Far above the few milliseconds VS Code takes to ask, on a loaded machine too. */
export const TOP_LEVEL_WAIT_MS = 3000;

export class PendingWhole {
  private waiting = false;
  private timer: unknown;

  /** `send` sends a whole refresh to VS Code; `shows` says whether the view is visible (a hidden one asks when shown). */
  constructor(private readonly clock: Clock, private readonly send: () => void, private readonly shows: () => boolean) {}

  /** Whether a whole refresh was sent and VS Code has not asked for the top level since. */
  get pending(): boolean { return this.waiting; }

  /** Sends a whole refresh, and sends it once more if VS Code does not ask for the top level in time. */
  refresh(): void {
    this.waiting = true;
    this.send();
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      if (this.waiting && this.shows()) this.send();
    }, TOP_LEVEL_WAIT_MS);
  }

  /** VS Code asked for the top level. */
  topLevelAsked(): void {
    this.waiting = false;
    this.clock.clearTimeout(this.timer);
  }

  dispose(): void {
    this.clock.clearTimeout(this.timer);
  }
}
