// The events a transcript holds: unique by id, in time order, whatever source and in whatever order they came
// (a newest page, older pages, polls that overlap, a stream, a full re-read, late batches with earlier times).
// Times are compared as the server's text (V1: naive ISO, all from one agent server's clock, so text order is
// time order); events of the same time keep the order they came in.
import type { ConversationEvent } from '../../api/model/events';

/** The server's id; an event without one (never seen, but not trusted) is told apart by what it holds. */
function keyOf(event: ConversationEvent): string {
  return event.id !== '' ? event.id : `${event.timestamp}\u0000${JSON.stringify(event)}`;
}

export class EventStore {
  private readonly list: ConversationEvent[] = [];
  private readonly keys = new Set<string>();

  get events(): readonly ConversationEvent[] { return this.list; }
  get oldest(): ConversationEvent | undefined { return this.list[0]; }
  get newest(): ConversationEvent | undefined { return this.list[this.list.length - 1]; }

  /** Adds the events not held yet, each at its place in time; returns those it added. */
  merge(incoming: readonly ConversationEvent[]): ConversationEvent[] {
    const added: ConversationEvent[] = [];
    for (const event of incoming) {
      const key = keyOf(event);
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      this.list.splice(this.placeOf(event.timestamp), 0, event);
      added.push(event);
    }
    return added;
  }

  /**
   * The event to read again from, so that a late batch (events that reach the app server up to ~30 s after
   * they happened, with their own earlier times) is not missed: the newest one at least `windowMs` older than
   * the newest held; the oldest held when none is; the newest when the times cannot be read.
   */
  anchorBefore(windowMs: number): ConversationEvent | undefined {
    const newest = this.newest;
    const newestTime = newest ? Date.parse(newest.timestamp) : Number.NaN;
    if (Number.isNaN(newestTime)) return newest;
    for (let i = this.list.length - 1; i >= 0; i--) {
      const time = Date.parse(this.list[i]!.timestamp);
      if (!Number.isNaN(time) && time <= newestTime - windowMs) return this.list[i];
    }
    return this.oldest;
  }

  /** Where an event of `timestamp` goes: after every held event of the same time or earlier (most come last). */
  private placeOf(timestamp: string): number {
    let index = this.list.length;
    while (index > 0 && this.list[index - 1]!.timestamp > timestamp) index--;
    return index;
  }
}
