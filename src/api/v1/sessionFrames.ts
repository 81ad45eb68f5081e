// What an agent server's session socket (`/sockets/session/{id}`, session_protocol.py of 1.50.1 and 1.58.2) sends,
// read into the event model. Frames: `sync {from_seq, through_seq}` first; `durable {seq, event}`, the event
// stored at index `seq` of the conversation's log (a reconnect with `after_seq` = the last seq read loses nothing);
// `transient {event}`, published but never stored (the state snapshot: no seq); `item_started {item_id, attempt}`,
// `delta {item_id, attempt, order, kind: text|reasoning, content}` and `item_aborted {item_id}`, the words of a
// message being written (`item_id` is the id of the event that ends it; never replayed; a delta may be dropped, a
// gap in `order` leaves the words shown as they were until that event comes); `error`, about the socket, not the
// conversation. A frame of another type is ignored, as the protocol asks (the envelope may grow).
import type { EventStreamHandlers } from '../client';
import { isRecord } from '../guards';
import { mapV1Event } from './events';

/** A message being written: its attempt, the next delta's order, its words so far, whether a delta was lost. */
interface Slot { attempt: number; order: number; text: string; thinking: string; lossy: boolean }

export class SessionFrameReader {
  private readonly slots = new Map<string, Slot>();
  /** Stored events read past the cursor: live frames may come out of seq order (1.49.1 sent seq 1 after seq 2). */
  private readonly ahead = new Set<number>();

  /**
   * `cursor`: the seq of the last stored event read, the resume point (-1: the log's start; undefined: not known
   * until a live-only connection's sync). `caughtUp` is told when a live-only connection began (nothing replayed).
   */
  constructor(private readonly handlers: EventStreamHandlers, private readonly caughtUp: () => void, public cursor: number | undefined) {}

  read(frame: unknown): void {
    if (!isRecord(frame)) return;
    switch (frame.type) {
      case 'sync': return this.sync(frame);
      case 'durable': return this.durable(frame);
      case 'transient': if (isRecord(frame.event)) this.handlers.onEvent(mapV1Event(frame.event)); return;
      case 'item_started': return this.started(frame);
      case 'delta': return this.delta(frame);
      case 'item_aborted': if (typeof frame.item_id === 'string') this.end(frame.item_id); return;
      default: return;
    }
  }

  /** The connection dropped: its messages being written get no more words (the events that end them will come). */
  dropped(): void {
    for (const id of [...this.slots.keys()]) this.end(id);
  }

  private sync(frame: Record<string, unknown>): void {
    if (frame.from_seq !== null && frame.from_seq !== undefined) return;
    const through = typeof frame.through_seq === 'number' ? frame.through_seq : -1;
    this.cursor = Math.max(this.cursor ?? -1, through);
    this.caughtUp();
  }

  private durable(frame: Record<string, unknown>): void {
    if (typeof frame.seq !== 'number' || !isRecord(frame.event)) return;
    if (this.cursor !== undefined && frame.seq <= this.cursor || this.ahead.has(frame.seq)) return; // read already: nothing twice
    this.advance(frame.seq);
    const event = mapV1Event(frame.event);
    this.slots.delete(event.id);
    this.handlers.onEvent(event);
  }

  /**
   * The cursor is the last seq up to which every stored event was read, so that a resume from it loses nothing; a seq
   * read beyond a gap waits in `ahead` until the gap is filled (a resume resends it, and it is dropped then).
   */
  private advance(seq: number): void {
    if (this.cursor === undefined) { this.cursor = seq; return; }
    this.ahead.add(seq);
    while (this.ahead.delete(this.cursor + 1)) this.cursor++;
  }

  private started(frame: Record<string, unknown>): void {
    if (typeof frame.item_id !== 'string') return;
    const attempt = typeof frame.attempt === 'number' ? frame.attempt : 1;
    const held = this.slots.get(frame.item_id);
    if (held && held.attempt > attempt) return;
    // A higher attempt is the same message written again: it starts over.
    this.slots.set(frame.item_id, { attempt, order: 0, text: '', thinking: '', lossy: false });
  }

  private delta(frame: Record<string, unknown>): void {
    const slot = typeof frame.item_id === 'string' ? this.slots.get(frame.item_id) : undefined;
    if (!slot || slot.lossy || frame.attempt !== undefined && frame.attempt !== slot.attempt || typeof frame.content !== 'string') return;
    if (frame.order !== slot.order) { slot.lossy = true; return; }
    slot.order++;
    if (frame.kind === 'reasoning') slot.thinking += frame.content; else slot.text += frame.content;
    this.handlers.onPartial?.({ id: frame.item_id as string, text: slot.text, thinking: slot.thinking });
  }

  private end(id: string): void {
    if (this.slots.delete(id)) this.handlers.onPartialEnd?.(id);
  }
}
