// What each conversation state looks like in the view (a codicon and a word), and which states count as the
// agent working: those are polled faster, counted in the status bar, and leaving them is what a person is told.
import type { ConversationState } from '../../api/client';

export interface StatePresentation {
  /** A codicon id (`$(id)`). */
  readonly icon: string;
  readonly word: string;
  /** The notification's wording when a conversation started here reaches this state. */
  readonly stopped: string;
}

export const STATE_PRESENTATION: Record<ConversationState, StatePresentation> = {
  starting: { icon: 'loading~spin', word: 'starting', stopped: 'is starting' },
  running: { icon: 'sync~spin', word: 'running', stopped: 'is running' },
  waiting: { icon: 'comment-unresolved', word: 'waiting for you', stopped: 'is waiting for your input' },
  paused: { icon: 'debug-pause', word: 'paused', stopped: 'was paused' },
  finished: { icon: 'pass', word: 'finished', stopped: 'finished' },
  stopped: { icon: 'circle-slash', word: 'stopped', stopped: 'was stopped' },
  error: { icon: 'error', word: 'error', stopped: 'ended with an error' },
  unknown: { icon: 'question', word: 'unknown', stopped: 'is in an unknown state' },
};

/** The agent is at work (or about to be): the states worth polling fast and counting as running. */
export function isWorking(state: ConversationState): boolean {
  return state === 'starting' || state === 'running';
}

/** From working to a state where the agent no longer works: finished, waiting for the person, paused, error, stopped. */
export function stoppedWorking(before: ConversationState, after: ConversationState): boolean {
  return isWorking(before) && !isWorking(after) && after !== 'unknown';
}

/** A running conversation can be stopped; one whose sandbox still runs can take a follow-up message. */
export function canStop(state: ConversationState): boolean {
  return state === 'starting' || state === 'running' || state === 'waiting' || state === 'finished' || state === 'paused';
}

export function canTakeMessage(state: ConversationState): boolean {
  return state === 'running' || state === 'waiting' || state === 'finished';
}

/** How long ago, in the view's short form: "just now", "5 min", "3 h", "2 d". */
export function ageText(iso: string | null, now: number): string {
  const then = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}
