// Shows a failure as a message with buttons. Every message names what went wrong and offers what to do.
import * as vscode from 'vscode';
import { ApiError } from '../../api/http/apiError';
import { RedirectError } from '../../api/http/transportErrors';
import { actionTitle, actionsFor, type ErrorAction } from '../../core/platform/errorActions';
import { openSetting } from './configuration';
import { Command } from './ids';
import type { Logger } from './log';

export type ActionHandlers = Partial<Record<ErrorAction, () => unknown>>;

export class ErrorPresenter {
  /**
   * `useMovedServer` runs "Use <new URL>" after a redirect to another origin (connection/serverMoved.ts);
   * `localServerUrl` is the local agent server's URL where this window knows it (offered a start when it is down).
   */
  constructor(private readonly logger: Logger, private readonly useMovedServer: (error: RedirectError) => Promise<unknown>,
    private readonly localServerUrl: () => string | undefined = () => undefined) {}

  /**
   * Logs the failure and shows it with its actions. Actions that need the caller (Retry, Start Without
   * Repository…) are offered only when the caller passes a handler for them.
   */
  async show(error: unknown, handlers: ActionHandlers = {}): Promise<void> {
    const message = this.logger.redactor.redactText(error instanceof Error ? error.message : String(error));
    this.logger.error(message);
    if (error instanceof ApiError && error.kind === 'cancelled') return;
    const defaults: ActionHandlers = {
      setApiKey: () => vscode.commands.executeCommand(Command.SetApiKey),
      openServerUrlSetting: () => openSetting('serverUrl'),
      openRuntimeHostsSetting: () => openSetting('runtimeHosts'),
      showLog: () => this.logger.show(),
      startLocalServer: () => vscode.commands.executeCommand(Command.StartLocalServer),
      refreshConversations: () => vscode.commands.executeCommand(Command.RefreshConversations),
      ...(error instanceof RedirectError ? { useServerUrl: () => this.useMovedServer(error) } : {}),
    };
    const all = { ...defaults, ...handlers };
    const actions = (error instanceof ApiError ? actionsFor(error, this.localServerUrl()) : ['showLog' as const]).filter((a) => all[a]);
    const picked = await vscode.window.showErrorMessage(message, ...actions.map((a) => actionTitle(a, error)));
    const action = actions.find((a) => actionTitle(a, error) === picked);
    if (action) await all[action]?.();
  }
}
