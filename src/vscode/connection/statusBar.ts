// The connection state in the status bar; a click opens what can be done about it.
import * as vscode from 'vscode';
import { STATE_TEXT } from '../../core/connection/connectionState';
import { Command } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { ServerSession } from './serverSession';

export class ConnectionStatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('openhands.connection', vscode.StatusBarAlignment.Left, 50));

  constructor(private readonly session: ServerSession) {
    super();
    this.item.name = vscode.l10n.t('OpenHands Connection');
    this.item.command = Command.ShowConnectionMenu;
    this.register(session.onDidChangeState(() => this.update()));
    this.update();
    this.item.show();
  }

  private update(): void {
    const state = this.session.state;
    const text = STATE_TEXT[state];
    this.item.text = state === 'connected' ? vscode.l10n.t('$({0}) OpenHands', text.icon) : vscode.l10n.t('$({0}) OpenHands: {1}', text.icon, text.short);
    const api = this.session.apiDescription;
    const described = text.describe(this.session.serverUrl ?? '');
    this.item.tooltip = api ? vscode.l10n.t('{0} {1}. Click for actions.', described, api) : vscode.l10n.t('{0} Click for actions.', described);
    this.item.backgroundColor = state === 'offline' || state === 'badUrl' || state === 'unsupported' || state === 'error'
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : state === 'unauthorized' || state === 'noKey' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }
}
