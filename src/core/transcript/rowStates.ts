// The states the conversation's row reported while its tab was open, as transcript entries. Stop pauses the
// sandbox and Resume starts it again without an event of the agent's (V1), so the events alone show neither: each
// change the row saw is entered where the transcript stood when it was seen, unless the entry before says it already.
import type { ConversationState } from '../../api/model/conversations';
import type { StateItem, TranscriptItem } from './items';

interface SeenState {
  readonly item: StateItem;
  /** The transcript's last item when the row's state was seen; undefined: it had none. */
  readonly after: string | undefined;
}

export class RowStates {
  private last: ConversationState | undefined;
  private readonly seen: SeenState[] = [];

  /**
   * Records the row's state; returns whether it is a new entry. The state the tab opened in is none: the events
   * tell how the conversation got there.
   */
  observe(state: ConversationState | undefined, lastItemId: string | undefined, now: Date): boolean {
    if (state === undefined || state === this.last) return false;
    const first = this.last === undefined;
    this.last = state;
    if (first) return false;
    const item: StateItem = { id: `row-state:${this.seen.length}`, timestamp: now.toISOString(), kind: 'state', state, serverStatus: '' };
    this.seen.push({ item, after: lastItemId });
    return true;
  }

  /** `items` with the row's states in place, and no state entry that repeats the one before it. */
  merge(items: readonly TranscriptItem[]): TranscriptItem[] {
    const merged: TranscriptItem[] = this.seen.filter((seen) => seen.after === undefined).map((seen) => seen.item);
    const placed = new Set<TranscriptItem>(merged);
    for (const item of items) {
      merged.push(item);
      for (const seen of this.seen) {
        if (seen.after === item.id) { merged.push(seen.item); placed.add(seen.item); }
      }
    }
    // An entry whose item went (replaced by a later read) goes at the end.
    merged.push(...this.seen.map((seen) => seen.item).filter((item) => !placed.has(item)));
    let shown: ConversationState | undefined;
    return merged.filter((item) => {
      if (item.kind !== 'state') return true;
      const repeats = item.state === shown;
      shown = item.state;
      return !repeats;
    });
  }
}
