// The agent's messages being written, as transcript items after the others: its reasoning so far (a thinking
// item) and its words so far (an agent message marked `writing`), keyed by the id of the event that will end each,
// so the tab replaces the item in place when that event (a message, or an action whose thought they were) comes.
import type { PartialMessage } from '../../api/model/events';
import type { TranscriptItem } from './items';
import { trimText } from './text';

/** The items of `partials`, each at `timestamp` (the newest event's: the words follow it). */
export function partialItems(partials: readonly PartialMessage[], timestamp: string): TranscriptItem[] {
  return partials.flatMap((partial): TranscriptItem[] => [
    ...(partial.thinking ? [{ id: `${partial.id}:thinking`, timestamp, kind: 'thinking' as const, text: trimText(partial.thinking) }] : []),
    ...(partial.text ? [{ id: partial.id, timestamp, kind: 'message' as const, from: 'agent' as const, text: trimText(partial.text), imageCount: 0, writing: true }] : []),
  ]);
}
