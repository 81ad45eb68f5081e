// Follows one run of a conversation for the chat response: new events as they come (merged by id, since a source
// may repeat the events around the newest), and the conversation's state, until the agent stops working or the
// follower is cancelled. Cancelling stops the following, never the agent. The sources are an adapter over what
// the client offers (swappable for the transcript's follow state machine); time is the caller's.
import type { ConversationState } from '../../api/model/conversations';
import type { ConversationEvent } from '../../api/model/events';
import { isWorking } from '../conversations/conversationState';
import { systemClock, type Clock } from '../conversations/refreshSchedule';

export interface RunSource {
  /** Events from `newest` on (may repeat some); an empty list where the server gives no events. */
  events(newest: ConversationEvent | undefined, signal: AbortSignal): Promise<readonly ConversationEvent[]>;
  state(signal: AbortSignal): Promise<ConversationState>;
}

export interface FollowOptions {
  readonly signal: AbortSignal;
  /** Waits between polls; rejects or resolves early once `signal` aborts. */
  readonly pause: (signal: AbortSignal) => Promise<void>;
  /**
   * Polls that may still show the state before the run began (a follow-up sent to a finished conversation shows
   * `finished` until the agent picks it up): a stopped state ends the follow only after the agent was seen working
   * or after this many polls.
   */
  readonly settlePolls: number;
  /** Events held from before this run (a follow-up's conversation): neither passed on nor summed up again. */
  readonly known?: readonly ConversationEvent[];
}

export type FollowEnd =
  | { readonly kind: 'ended'; readonly state: ConversationState; readonly events: readonly ConversationEvent[] }
  | { readonly kind: 'cancelled'; readonly events: readonly ConversationEvent[] }
  | { readonly kind: 'lost'; readonly error: unknown; readonly events: readonly ConversationEvent[] };

export async function followRun(source: RunSource, onEvent: (event: ConversationEvent) => void, options: FollowOptions): Promise<FollowEnd> {
  const known = options.known ?? [];
  const seen = new Set<string>(known.map((event) => event.id));
  const events: ConversationEvent[] = [];
  let sawWorking = false;
  try {
    for (let poll = 1; ; poll++) {
      for (const event of await source.events(events.at(-1) ?? known.at(-1), options.signal)) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        events.push(event);
        onEvent(event);
      }
      const state = await source.state(options.signal);
      sawWorking ||= isWorking(state);
      if (!isWorking(state) && state !== 'unknown' && (sawWorking || poll >= options.settlePolls)) return { kind: 'ended', state, events };
      if (options.signal.aborted) return { kind: 'cancelled', events };
      await options.pause(options.signal);
      if (options.signal.aborted) return { kind: 'cancelled', events };
    }
  } catch (error) {
    return options.signal.aborted ? { kind: 'cancelled', events } : { kind: 'lost', error, events };
  }
}

/** A pause of `ms` on `clock` that ends early when the signal aborts. */
export function pauseOf(ms: number, clock: Clock = systemClock): FollowOptions['pause'] {
  return (signal) => new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => { clock.clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); };
    const timer = clock.setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
