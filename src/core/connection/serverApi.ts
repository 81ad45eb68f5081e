// How the API a server speaks is shown to the person: in the status bar's tooltip and the Settings view.
import type { ServerApi } from '../../api/client';

export function describeServerApi(api: ServerApi): string {
  const name = api.version ? `OpenHands ${api.version}` : 'OpenHands';
  const lines = api.settings === api.conversations
    ? `${api.settings.toUpperCase()} API`
    : `${api.settings.toUpperCase()} settings, ${api.conversations.toUpperCase()} conversations`;
  return `${name}, ${lines}`;
}
