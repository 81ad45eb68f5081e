// Where the extension stands with the configured server. One state drives the status bar item, the welcome
// views of the settings panel (through a context key) and the panel's message line.
import { ApiError } from '../../api/http/errors';

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

export const STATE_TEXT: Record<ConnectionState, StateText> = {
  loading: { icon: 'sync~spin', short: 'connecting', describe: (url) => `Connecting to ${url}…` },
  connected: { icon: 'check', short: 'connected', describe: (url) => `Connected to ${url}.` },
  noSettings: { icon: 'info', short: 'no settings yet', describe: (url) => `The server at ${url} has no settings yet.` },
  noKey: { icon: 'key', short: 'no API key', describe: (url) => `The server at ${url} needs a session API key, and none is set.` },
  unauthorized: { icon: 'warning', short: 'unauthorized', describe: (url) => `The server at ${url} refused the API key.` },
  offline: { icon: 'error', short: 'offline', describe: (url) => `Cannot reach ${url}.` },
  badUrl: { icon: 'error', short: 'server URL not usable', describe: () => 'The OpenHands server URL setting is not usable.' },
  unsupported: { icon: 'error', short: 'not a supported server', describe: (url) => `The server at ${url} speaks no OpenHands API this extension knows.` },
  error: { icon: 'error', short: 'error', describe: (url) => `The server at ${url} answered with an error.` },
};
