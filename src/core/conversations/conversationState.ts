// What each conversation state looks like in the view (a codicon and a word), and which states count as the
// agent working: those are polled faster, counted in the status bar, and leaving them is what a person is told.
import type { ConversationState } from '../../api/model/conversations';
import { l10n } from '../../base/l10n';

export interface StatePresentation {
  /** A codicon id (`$(id)`). */
  readonly icon: string;
  readonly word: string;
  /** The state as the row's tooltip says it, a whole sentence. */
  readonly sentence: string;
  /** The notification, a whole sentence, when a conversation started here reaches this state. */
  stoppedNotice(title: string): string;
}

// The words are getters: made in the display language when read, not when the module loads.
export const STATE_PRESENTATION: Record<ConversationState, StatePresentation> = {
  starting: { icon: 'loading~spin', get word() { return l10n.t('starting'); }, get sentence() { return l10n.t('Starting.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is starting.', title) },
  running: { icon: 'sync~spin', get word() { return l10n.t('running'); }, get sentence() { return l10n.t('The agent is working.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is running.', title) },
  waiting: { icon: 'comment-unresolved', get word() { return l10n.t('waiting'); }, get sentence() { return l10n.t('Waiting for your input.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is waiting for your input.', title) },
  paused: { icon: 'debug-pause', get word() { return l10n.t('paused'); }, get sentence() { return l10n.t('Paused: its sandbox is paused.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" was paused.', title) },
  finished: { icon: 'pass', get word() { return l10n.t('finished'); }, get sentence() { return l10n.t('Finished.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" finished.', title) },
  stopped: { icon: 'circle-slash', get word() { return l10n.t('stopped'); }, get sentence() { return l10n.t('Stopped.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" was stopped.', title) },
  error: { icon: 'error', get word() { return l10n.t('error'); }, get sentence() { return l10n.t('Ended with an error.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" ended with an error.', title) },
  gone: { icon: 'trash', get word() { return l10n.t('not on the server'); }, get sentence() { return l10n.t('The server no longer has this conversation.'); }, stoppedNotice: (title) => l10n.t('OpenHands: the server no longer has "{0}".', title) },
  unknown: { icon: 'question', get word() { return l10n.t('unknown'); }, get sentence() { return l10n.t('In a state this extension does not know.'); }, stoppedNotice: (title) => l10n.t('OpenHands: "{0}" is in an unknown state.', title) },
};

/** The agent is at work (or about to be): the states worth polling fast and counting as running. */
export function isWorking(state: ConversationState): boolean {
  return state === 'starting' || state === 'running';
}

/** From working to a state where the agent no longer works: finished, waiting for the person, paused, error, stopped. */
export function stoppedWorking(before: ConversationState, after: ConversationState): boolean {
  return isWorking(before) && !isWorking(after) && after !== 'unknown';
}

/**
 * Stop is offered where the agent works or waits in the middle of its task: there it stops the work. A finished
 * conversation has no work to stop, a paused one is stopped already (V1's stop pauses the sandbox), and a stopped
 * or gone one has nothing left to stop; the row's menu and the tab's buttons both follow this.
 */
export function canStop(state: ConversationState): boolean {
  return state === 'starting' || state === 'running' || state === 'waiting';
}

/** Resume starts a paused sandbox again, and runs one that ended with an error again where the server goes on after one. */
export function canResume(state: ConversationState, goesOnAfterError = false): boolean {
  return state === 'paused' || (goesOnAfterError && state === 'error');
}

/** One whose sandbox still runs can take a follow-up message, as can one that ended with an error where it goes on. */
export function canTakeMessage(state: ConversationState, goesOnAfterError = false): boolean {
  return state === 'running' || state === 'waiting' || state === 'finished' || (goesOnAfterError && state === 'error');
}

/** How long ago, for a sentence: "just now", "5 min ago", "3 h ago", "2 d ago"; undefined without a time. */
export function agoText(iso: string | null, now: number): string | undefined {
  const minutes = minutesSince(iso, now);
  if (minutes === undefined) return undefined;
  if (minutes < 1) return l10n.t('just now');
  if (minutes < 60) return l10n.t('{0} min ago', minutes);
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? l10n.t('{0} h ago', hours) : l10n.t('{0} d ago', Math.floor(hours / 24));
}

function minutesSince(iso: string | null, now: number): number | undefined {
  const then = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(then) ? undefined : Math.floor(Math.max(0, now - then) / 60_000);
}

/** The first line of `text`, cut to `max` characters with an ellipsis: a row's label. */
export function oneLine(text: string, max = 60): string {
  const line = text.trim().split(/\r?\n/, 1)[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** How long ago, in the view's short form: "just now", "5 min", "3 h", "2 d". */
export function ageText(iso: string | null, now: number): string {
  const minutes = minutesSince(iso, now);
  if (minutes === undefined) return '';
  if (minutes < 1) return l10n.t('just now');
  if (minutes < 60) return l10n.t('{0} min', minutes);
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? l10n.t('{0} h', hours) : l10n.t('{0} d', Math.floor(hours / 24));
}
