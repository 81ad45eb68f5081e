// How the API a server speaks is shown to the person: in the status bar's tooltip and the Settings view.
import type { ServerApi } from '../../api/client';
import { l10n } from '../../base/l10n';

export function describeServerApi(api: ServerApi): string {
  if (api.product === 'agent-server') {
    return api.version ? l10n.t('OpenHands Agent Server {0}', api.version) : l10n.t('OpenHands Agent Server');
  }
  const settings = api.settings.toUpperCase();
  const conversations = api.conversations.toUpperCase();
  if (api.version) {
    return settings === conversations
      ? l10n.t('OpenHands {0}, {1} API', api.version, settings)
      : l10n.t('OpenHands {0}, {1} settings, {2} conversations', api.version, settings, conversations);
  }
  return settings === conversations
    ? l10n.t('OpenHands, {0} API', settings)
    : l10n.t('OpenHands, {0} settings, {1} conversations', settings, conversations);
}
