// Brings transcript tabs back after a window reload: VS Code activates the extension for them
// (`onWebviewPanel:openhands.transcript`) and hands each panel with the state its page saved. Registered at
// activation, cheaply: the tab itself is built by the on-demand bundle, loaded only when a tab is restored.
import * as vscode from 'vscode';
import { WebviewPanelType } from '../platform/ids';

export type RestoreTranscript = (panel: vscode.WebviewPanel, state: unknown) => Promise<void>;

export function registerTranscriptSerializer(restore: RestoreTranscript): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(WebviewPanelType.Transcript, { deserializeWebviewPanel: restore });
}
