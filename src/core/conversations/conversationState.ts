// What each conversation state looks like in the view (a codicon and a word), and which states count as the
// agent working: those are polled faster, counted in the status bar, and leaving them is what a person is told.
import type { ConversationState } from '../../api/client';
import { l10n } from '../../api/l10n';

export interface StatePresentation {
  /** A codicon id (`$(id)`). */
  readonly icon: string;
  readonly word: string;
  /** The notification, a whole sentence, when a conversation started here reaches this state. */
  stoppedNotice(title: string): string;
}

// The words are getters: made in the display language when read, not when the module loads.
export const STATE_PRESENTATION: Record<ConversationState, StatePresentation> = {
  starting: { icon: 'loading~spin', get word() { return l10n.t('starting'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is starting.', title) },
  running: { icon: 'sync~spin', get word() { return l10n.t('running'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is running.', title) },
  waiting: { icon: 'comment-unresolved', get word() { return l10n.t('waiting for you'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is waiting for your input.', title) },
  paused: { icon: 'debug-pause', get word() { return l10n.t('paused'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" was paused.', title) },
  finished: { icon: 'pass', get word() { return l10n.t('finished'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" finished.', title) },
  stopped: { icon: 'circle-slash', get word() { return l10n.t('stopped'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" was stopped.', title) },
  error: { icon: 'error', get word() { return l10n.t('error'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" ended with an error.', title) },
  unknown: { icon: 'question', get word() { return l10n.t('unknown'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is in an unknown state.', title) },
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
