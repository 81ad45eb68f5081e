// The extension's one logger: a LogOutputChannel "OpenHands" (levels set by the person in the Output view),
// with every line redacted before it is written.
import * as vscode from 'vscode';
import type { ApiLogger } from '../../api/http/logger';
import { Redactor } from '../../core/platform/redact';

export class Logger implements ApiLogger, vscode.Disposable {
  readonly redactor = new Redactor();
  private readonly channel = vscode.window.createOutputChannel('OpenHands', { log: true });

  trace(message: string, ...args: unknown[]): void { this.channel.trace(this.redactor.format(message, args)); }
  debug(message: string, ...args: unknown[]): void { this.channel.debug(this.redactor.format(message, args)); }
  info(message: string, ...args: unknown[]): void { this.channel.info(this.redactor.format(message, args)); }
  warn(message: string, ...args: unknown[]): void { this.channel.warn(this.redactor.format(message, args)); }
  error(message: string | Error, ...args: unknown[]): void {
    this.channel.error(this.redactor.format(message instanceof Error ? message.message : message, args));
  }

  show(): void { this.channel.show(true); }
  dispose(): void { this.channel.dispose(); }
}
