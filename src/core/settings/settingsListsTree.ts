// The Settings panel's groups for what a server keeps beside its settings, where the client says it has them: the
// saved LLM profiles (model, base URL, whether a key is set; the active one marked) and the names of the person's
// secrets. A secret's value is never on a node: the server never gives it, and nothing here asks for it.
import type { SettingsListsApi } from '../../api/client';
import type { LlmProfiles, ServerSecret } from '../../api/model/serverLists';
import { l10n } from '../../base/l10n';
import { ViewItem, contextValue } from '../platform/viewItems';
import type { SettingsNode } from './settingsTree';

/** What the panel last read of the server's lists; a list absent where the server keeps none or its read failed. */
export interface SettingsLists {
  readonly profiles?: LlmProfiles;
  readonly secrets?: readonly ServerSecret[];
}

/**
 * The lists the client says the server keeps, read side by side, as the panel's groups; a list that fails to read is
 * left out (`warn` is told why), the panel shows the rest.
 */
export async function readSettingsLists(client: SettingsListsApi, warn: (line: string) => void, signal?: AbortSignal): Promise<SettingsNode[]> {
  const read = <T>(what: string, list: Promise<T> | undefined) => list?.catch((error: unknown) => {
    warn(`Reading the server's ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  const [profiles, secrets] = await Promise.all([read('LLM profiles', client.llmProfiles?.list({ signal })), read('secrets', client.serverSecrets?.list({ signal }))]);
  return settingsListGroups({ ...(profiles ? { profiles } : {}), ...(secrets ? { secrets } : {}) });
}

export function settingsListGroups(lists: SettingsLists): SettingsNode[] {
  return [...(lists.profiles ? [profilesGroup(lists.profiles)] : []), ...(lists.secrets ? [secretsGroup(lists.secrets)] : [])];
}

function profilesGroup({ profiles, active }: LlmProfiles): SettingsNode {
  const context = contextValue(ViewItem.Group, ViewItem.Profiles);
  return {
    id: 'group:profiles', label: l10n.t('LLM Profiles'), icon: 'layers', contextValue: context,
    tooltip: l10n.t('Named LLM configurations the server keeps. Activating one makes its model, base URL and key the LLM settings.'),
    children: profiles.length ? profiles.map((profile): SettingsNode => {
      const isActive = profile.name === active;
      const model = profile.model ?? l10n.t('no model');
      const key = profile.apiKeySet ? l10n.t('key set') : l10n.t('no key');
      return {
        id: `profile:${profile.name}`, label: profile.name, profile: profile.name,
        description: isActive ? l10n.t('{0} · active', model) : model,
        tooltip: [profile.name, model, profile.baseUrl ?? l10n.t('the provider\'s default base URL'), key].join('\n'),
        contextValue: contextValue(ViewItem.Profile, isActive && ViewItem.ActiveProfile),
      };
    }) : [{
      id: 'profile:none', label: l10n.t('No LLM profiles'), description: l10n.t('right-click to save the current LLM'),
      tooltip: l10n.t('Save the LLM settings as a profile to switch back to them later.'), contextValue: context,
    }],
  };
}

function secretsGroup(secrets: readonly ServerSecret[]): SettingsNode {
  const context = contextValue(ViewItem.Group, ViewItem.ServerSecrets);
  return {
    id: 'group:secrets', label: l10n.t('Secrets'), icon: 'lock', contextValue: context,
    tooltip: l10n.t('Secrets the server gives the agent as environment variables. Their values are never shown.'),
    children: secrets.length ? secrets.map((secret): SettingsNode => ({
      id: `secret:${secret.name}`, label: secret.name, serverSecret: secret.name,
      description: secret.description ?? l10n.t('set'),
      tooltip: l10n.t('{0}: kept on the server, given to the agent as an environment variable. Its value is never shown.', secret.name),
      contextValue: ViewItem.ServerSecret,
    })) : [{
      id: 'secret:none', label: l10n.t('No secrets'), description: l10n.t('right-click to add one'),
      tooltip: l10n.t('Add a secret the agent gets as an environment variable, such as a token for a registry.'), contextValue: context,
    }],
  };
}
