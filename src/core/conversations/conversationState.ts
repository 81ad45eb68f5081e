// What each conversation state looks like in the view (a codicon and a word), and which states count as the
// agent working: those are polled faster, counted in the status bar, and leaving them is what a person is told.
import type { ConversationState } from '../../api/client';
import { l10n } from '../../api/l10n';

export interface StatePresentation {
  /** A codicon id (`$(id)`). */
  readonly icon: string;
  readonly word: string;
  /** The notification's wording when a conversation started here reaches this state. */
  readonly stopped: string;
}

// The words are getters: made in the display language when read, not when the module loads.
export const STATE_PRESENTATION: Record<ConversationState, StatePresentation> = {
  starting: { icon: 'loading~spin', get word() { return l10n.t('starting'); }, get stopped() { return l10n.t('is starting'); } },
  running: { icon: 'sync~spin', get word() { return l10n.t('running'); }, get stopped() { return l10n.t('is running'); } },
  waiting: { icon: 'comment-unresolved', get word() { return l10n.t('waiting for you'); }, get stopped() { return l10n.t('is waiting for your input'); } },
  paused: { icon: 'debug-pause', get word() { return l10n.t('paused'); }, get stopped() { return l10n.t('was paused'); } },
  finished: { icon: 'pass', get word() { return l10n.t('finished'); }, get stopped() { return l10n.t('finished'); } },
  stopped: { icon: 'circle-slash', get word() { return l10n.t('stopped'); }, get stopped() { return l10n.t('was stopped'); } },
  error: { icon: 'error', get word() { return l10n.t('error'); }, get stopped() { return l10n.t('ended with an error'); } },
  unknown: { icon: 'question', get word() { return l10n.t('unknown'); }, get stopped() { return l10n.t('is in an unknown state'); } },
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
  if (minutes < 1) return l10n.t('just now');
  if (minutes < 60) return l10n.t('{0} min', minutes);
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? l10n.t('{0} h', hours) : l10n.t('{0} d', Math.floor(hours / 24));
}
