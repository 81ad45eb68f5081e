// Where the extension stands with the configured server. One state drives the status bar item, the welcome
// views of the settings panel (through a context key) and the panel's message line.
import { ApiError } from '../../api/http/apiError';
import { l10n } from '../../base/l10n';

export type ConnectionState =
  | 'loading' | 'connected' | 'noSettings' | 'noKey' | 'unauthorized' | 'offline' | 'badUrl' | 'unsupported' | 'error';

/** The state a failed load leaves the extension in. */
export function stateForError(error: unknown, keySet: boolean): ConnectionState {
  if (!(error instanceof ApiError)) return 'error';
  switch (error.kind) {
    case 'unauthorized': return keySet ? 'unauthorized' : 'noKey';
    case 'network':
    case 'timeout': return 'offline';
    case 'unsupported': return 'unsupported';
    default: return 'error';
  }
}

export interface StateText {
  /** A codicon for the status bar. */
  readonly icon: string;
  readonly short: string;
  /** One sentence about the state, naming the server. */
  describe(url: string): string;
}

// `short` is a getter: the word is made in the display language when read, not when the module loads.
export const STATE_TEXT: Record<ConnectionState, StateText> = {
  loading: { icon: 'sync~spin', get short() { return l10n.t('connecting'); }, describe: (url) => l10n.t('Connecting to {0}…', url) },
  connected: { icon: 'check', get short() { return l10n.t('connected'); }, describe: (url) => l10n.t('Connected to {0}.', url) },
  noSettings: { icon: 'info', get short() { return l10n.t('no settings yet'); }, describe: (url) => l10n.t('The server at {0} has no settings yet.', url) },
  noKey: { icon: 'key', get short() { return l10n.t('no API key'); }, describe: (url) => l10n.t('The server at {0} needs a session API key, and none is set.', url) },
  unauthorized: { icon: 'warning', get short() { return l10n.t('unauthorized'); }, describe: (url) => l10n.t('The server at {0} refused the API key.', url) },
  offline: { icon: 'error', get short() { return l10n.t('offline'); }, describe: (url) => l10n.t('Cannot reach {0}.', url) },
  badUrl: { icon: 'error', get short() { return l10n.t('server URL not usable'); }, describe: () => l10n.t('The OpenHands server URL setting is not usable.') },
  unsupported: { icon: 'error', get short() { return l10n.t('not a supported server'); }, describe: (url) => l10n.t('The server at {0} speaks no OpenHands API this extension knows.', url) },
  error: { icon: 'error', get short() { return l10n.t('error'); }, describe: (url) => l10n.t('The server at {0} answered with an error.', url) },
};
