// Follows one run of a conversation for the chat response as a client of the transcript's follower
// (core/transcript/follow.ts: the agent server's stream, else its REST, else the app server, with the tab's
// timings and fallbacks), so chat reads what the tab reads, as often. New events are passed on once each; the
// follow ends when a state event of this run says the agent stopped working, when no source has the
// conversation's events, or when it is cancelled. A failed read is tried again, as the tab does. Cancelling
// stops the following, never the agent.
import type { ConversationState } from '../../api/model/conversations';
import type { ConversationEvent } from '../../api/model/events';
import { l10n } from '../../base/l10n';
import { isWorking } from '../conversations/conversationState';
import { RUN_ENDED } from '../transcript/follow';
import type { FollowUpdate, TranscriptFollow } from '../transcript/followTypes';

/** Makes the conversation's follower, telling `onUpdate` (core/transcript/follow.ts's TranscriptFollower). */
export type StartFollow = (onUpdate: (update: FollowUpdate) => void) => TranscriptFollow;

export interface RunFollowOptions {
  readonly signal: AbortSignal;
  /**
   * Events held from before this run (a follow-up's conversation): neither passed on nor summed up again. Their
   * states end nothing, and a state of this run ends the follow only once the agent was seen working (the app
   * server's copy may still bring the end of the run before).
   */
  readonly known?: readonly ConversationEvent[];
  /** A read failed; the follower tries again, as the tab's does (the error, once each). */
  readonly onRetry?: (error: Error) => void;
}

export type FollowEnd =
  | { readonly kind: 'ended'; readonly state: ConversationState; readonly events: readonly ConversationEvent[] }
  | { readonly kind: 'cancelled'; readonly events: readonly ConversationEvent[] }
  | { readonly kind: 'lost'; readonly error: unknown; readonly events: readonly ConversationEvent[] };

export function followRun(start: StartFollow, onEvent: (event: ConversationEvent) => void, options: RunFollowOptions): Promise<FollowEnd> {
  const known = options.known ?? [];
  const seen = new Set<string>(known.map((event) => event.id));
  const events: ConversationEvent[] = [];
  let sawWorking = false;
  let lastError: Error | undefined;
  return new Promise<FollowEnd>((resolve) => {
    let follow: TranscriptFollow | undefined;
    let end: FollowEnd | undefined;
    const finish = (result: FollowEnd) => {
      end ??= result;
      follow?.dispose();
      options.signal.removeEventListener('abort', cancel);
      resolve(end);
    };
    const cancel = () => finish({ kind: 'cancelled', events });
    /** Whether a state of this run says the agent stopped: an end at once for a new conversation, else after work. */
    const stops = (state: ConversationState) =>
      !isWorking(state) && state !== 'unknown' && (sawWorking || (known.length === 0 && RUN_ENDED.has(state)));
    const updated = (update: FollowUpdate) => {
      if (end) return;
      for (const event of update.changed) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        events.push(event);
        onEvent(event);
        if (event.kind !== 'state') continue;
        if (stops(event.state)) return finish({ kind: 'ended', state: event.state, events });
        sawWorking ||= isWorking(event.state);
      }
      if (update.status.mode === 'unavailable') return finish({ kind: 'lost', error: new Error(l10n.t('The server offers no events for this conversation')), events });
      // The follower read everything again after the end it holds, which was the run before this one (a follow-up
      // the agent has not picked up yet): this run is still to come.
      if (update.status.mode === 'complete') follow?.refreshSoon();
      const error = update.status.lastError;
      if (error && error !== lastError) options.onRetry?.(error);
      lastError = error;
    };
    if (options.signal.aborted) return cancel();
    options.signal.addEventListener('abort', cancel);
    follow = start(updated);
    if (!end) follow.setVisible(true);
  });
}
