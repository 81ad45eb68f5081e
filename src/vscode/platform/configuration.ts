// The extension's own settings (settings.json), read in one place.
import * as vscode from 'vscode';
import { normalizeServerUrl, type ServerUrlResult } from '../../core/connection/serverUrl';

const SECTION = 'openhands';
export const Setting = {
  ServerUrl: 'serverUrl',
  RequestTimeoutSeconds: 'requestTimeoutSeconds',
} as const;

export function serverUrl(): ServerUrlResult {
  return normalizeServerUrl(vscode.workspace.getConfiguration(SECTION).get<string>(Setting.ServerUrl, 'http://localhost:3000'));
}

/** Sets the server URL in the user (machine) settings, where a workspace's settings cannot override it. */
export function setServerUrl(url: string): Thenable<void> {
  return vscode.workspace.getConfiguration(SECTION).update(Setting.ServerUrl, url, vscode.ConfigurationTarget.Global);
}

export function requestTimeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration(SECTION).get<number>(Setting.RequestTimeoutSeconds, 30);
  return Math.min(Math.max(Number.isFinite(seconds) ? seconds : 30, 1), 600) * 1000;
}

export function affectsExtension(event: vscode.ConfigurationChangeEvent, setting: string): boolean {
  return event.affectsConfiguration(`${SECTION}.${setting}`);
}

/** Opens the Settings editor at one of this extension's settings. */
export function openSetting(setting: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.${setting}`);
}
