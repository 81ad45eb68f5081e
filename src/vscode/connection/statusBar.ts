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
    this.item.name = 'OpenHands Connection';
    this.item.command = Command.ShowConnectionMenu;
    this.register(session.onDidChangeState(() => this.update()));
    this.update();
    this.item.show();
  }

  private update(): void {
    const state = this.session.state;
    const text = STATE_TEXT[state];
    this.item.text = `$(${text.icon}) OpenHands${state === 'connected' ? '' : `: ${text.short}`}`;
    const api = this.session.apiDescription;
    this.item.tooltip = `${text.describe(this.session.serverUrl ?? '')}${api ? ` ${api}.` : ''} Click for actions.`;
    this.item.backgroundColor = state === 'offline' || state === 'badUrl' || state === 'unsupported' || state === 'error'
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : state === 'unauthorized' || state === 'noKey' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }
}
