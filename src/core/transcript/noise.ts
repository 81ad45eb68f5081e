// Event kinds the transcript leaves out, because they say nothing a person follows and would bury what does:
// - SystemPromptEvent: the agent's whole system prompt and tool list, sent once per run;
// - StreamingDeltaEvent, TokenEvent: fragments of text streamed while the model writes it (the message or
//   action they make up arrives as its own event);
// - ConversationStateUpdateEvent of the keys `full_state`, `stats` and `last_user_message_id`: snapshots of the
//   whole state, token and cost counters, and bookkeeping (`execution_status` updates are state changes, shown).
// Every other kind the model does not know is shown as "other" with its raw kind.
import type { ConversationEvent } from '../../api/model/events';

const NOISE_KINDS: ReadonlySet<string> = new Set(['SystemPromptEvent', 'StreamingDeltaEvent', 'TokenEvent']);
const NOISE_STATE_KEYS: ReadonlySet<string> = new Set(['full_state', 'stats', 'last_user_message_id']);

/** Whether the transcript leaves `event` out. The V1 adapter keeps a state update's key as the event's text. */
export function isNoise(event: ConversationEvent): boolean {
  if (event.kind !== 'other') return false;
  if (NOISE_KINDS.has(event.rawKind)) return true;
  return event.rawKind === 'ConversationStateUpdateEvent' && NOISE_STATE_KEYS.has(event.text);
}
