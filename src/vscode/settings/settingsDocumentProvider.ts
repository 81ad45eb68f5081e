// "Open Settings as JSON": a read-only document of the loaded settings with every secret removed.
import * as vscode from 'vscode';
import { settingsDocument } from '../../core/settings/settingsDocument';
import { Disposable } from '../platform/lifecycle';
import type { SettingsController } from './settingsController';

export const SETTINGS_DOCUMENT_URI = vscode.Uri.parse('openhands-settings:/OpenHands%20Settings.json');

export class SettingsDocumentProvider extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly controller: SettingsController) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(SETTINGS_DOCUMENT_URI.scheme, this));
    this.register(controller.onDidChange(() => this.changed.fire(SETTINGS_DOCUMENT_URI)));
  }

  provideTextDocumentContent(): string {
    const settings = this.controller.settings;
    return settings ? settingsDocument(settings) : `${vscode.l10n.t('// No settings loaded from the server.')}\n`;
  }

  async open(): Promise<void> {
    const document = await vscode.workspace.openTextDocument(SETTINGS_DOCUMENT_URI);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { preview: true });
  }
}
