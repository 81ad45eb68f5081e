// The extension's own settings (settings.json), read in one place and typed; keys and defaults come from
// core/platform/settingKeys.ts, which a test holds to package.json.
import * as vscode from 'vscode';
import { runtimeHostsFor } from '../../core/connection/runtimeHosts';
import { parseServers } from '../../core/connection/serverList';
import { normalizeServerUrl, type ServerUrlResult } from '../../core/connection/serverUrl';
import { SETTINGS_SECTION, SETTING_DEFAULTS, clampSetting, type SettingKey, type SettingValues } from '../../core/platform/settingKeys';

function read<K extends SettingKey>(key: K): SettingValues[K] {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).get<SettingValues[K]>(key, SETTING_DEFAULTS[key]);
}

export const configuration = {
  serverUrl: (): ServerUrlResult => normalizeServerUrl(String(read('serverUrl'))),
  requestTimeoutMs: (): number => clampSetting('requestTimeoutSeconds', read('requestTimeoutSeconds')) * 1000,
  gitHosts: (): Readonly<Record<string, string>> => read('gitHosts') ?? {},
  conversationInstructions: (): string => String(read('conversationInstructions') ?? '').trim(),
  /** The largest text file Send File sends, in bytes. */
  textLimitBytes: (): number => clampSetting('maxFileSizeKiB', read('maxFileSizeKiB')) * 1024,
  startConversationWith: (): 'ask' | 'folder' | 'repository' => {
    const value = read('startConversationWith');
    return value === 'folder' || value === 'repository' ? value : 'ask';
  },
  /** The largest folder Send This Folder hands over, in bytes. */
  handOverLimitBytes: (): number => clampSetting('maxHandOverMiB', read('maxHandOverMiB')) * 1024 * 1024,
  notifyWhenConversationStops: (): boolean => read('notifyWhenConversationStops') !== false,
  servers: () => parseServers(read('servers')),
  /** Where the conversations of the server at `serverUrl` may have their agent servers, beside the built-in ones. */
  runtimeHostsFor: (serverUrl: string): readonly string[] => runtimeHostsFor(read('runtimeHosts'), serverUrl),
};

export function affectsSetting(event: vscode.ConfigurationChangeEvent, ...keys: readonly SettingKey[]): boolean {
  return keys.some((key) => event.affectsConfiguration(`${SETTINGS_SECTION}.${key}`));
}

/** Writes a machine-wide (user) setting, as the server URL must be. */
export function updateUserSetting<K extends SettingKey>(key: K, value: SettingValues[K]): Thenable<void> {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, vscode.ConfigurationTarget.Global);
}

/** Opens the Settings editor at one of this extension's settings. */
export function openSetting(key: SettingKey): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.${key}`);
}
