// Setting up a git provider token on the server, from the pre-flight warning or the Settings panel: asked in a
// password box, sent only in the request body to the server's own origin, never logged or shown (the logger
// masks it from then on). A refusal shows the server's reason with Try Again and, from the pre-flight, Start
// Without Repository; the person's choice is the result.
import * as vscode from 'vscode';
import type { ProviderType } from '../../api/model/conversations';
import { ProviderTokenRefusedError } from '../../api/providerTokenErrors';
import { providerName } from '../../api/providerDomains';
import type { Prompter } from '../../core/platform/prompter';
import type { ServerSession } from '../connection/serverSession';
import type { ErrorPresenter } from '../platform/errorPresenter';
import type { Logger } from '../platform/log';
import type { SettingsController } from './settingsController';

/** How a setup ended: the token stored, the person chose to start without the repository, or nothing done. */
export type TokenSetupResult = 'stored' | 'startWithoutRepository' | undefined;

export interface TokenSetupRequest {
  readonly provider: ProviderType;
  /** The host the token is for; null for the provider's own domain. */
  readonly host: string | null;
  /** Offer Start Without Repository on a refusal (the pre-flight's way out). */
  readonly offerStartWithoutRepository: boolean;
}

export class ProviderTokenSetup {
  constructor(
    private readonly session: ServerSession,
    private readonly controller: SettingsController,
    private readonly prompter: Prompter,
    private readonly errors: ErrorPresenter,
    private readonly logger: Logger,
  ) {}

  async setUp(request: TokenSetupRequest): Promise<TokenSetupResult> {
    const server = await this.session.connect();
    if (!server?.client.storeProviderToken) {
      await this.errors.show(new Error(vscode.l10n.t('This server offers no way for a client to store a git provider token. Add the token in the server\'s own settings.')));
      return undefined;
    }
    const name = providerName(request.provider);
    const token = (await this.prompter.input({
      title: vscode.l10n.t('OpenHands: Set Up {0} Token', name),
      prompt: request.host
        ? vscode.l10n.t('A {0} token for {1} that can read the repository. The server checks it with {1}, stores it, and never shows it again.', name, request.host)
        : vscode.l10n.t('A {0} token that can read the repository. The server checks it with {0}, stores it, and never shows it again.', name),
      password: true,
      validate: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter the token.')),
    }))?.trim();
    if (!token) return undefined;
    this.logger.redactor.addSecret(token);
    const store = server.client.storeProviderToken.bind(server.client);
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: storing the {0} token on the server', name) },
        () => store(request.provider, token, request.host));
    } catch (error) {
      return this.afterFailure(error, request);
    }
    this.logger.info(`Stored a ${request.provider} token on ${server.url}`);
    await this.controller.refresh();
    void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the server stored the {0} token.', name));
    return 'stored';
  }

  /** The server's reason with what helps; Try Again asks for the token again. */
  private async afterFailure(error: unknown, request: TokenSetupRequest): Promise<TokenSetupResult> {
    let outcome: TokenSetupResult;
    const again = async () => { outcome = await this.setUp(request); };
    if (!(error instanceof ProviderTokenRefusedError)) {
      await this.errors.show(error, { retry: again });
      return outcome;
    }
    this.logger.warn(error.message);
    const tryAgain = vscode.l10n.t('Try Again');
    const withoutRepository = vscode.l10n.t('Start Without Repository');
    const picked = await vscode.window.showErrorMessage(error.message, tryAgain, ...(request.offerStartWithoutRepository ? [withoutRepository] : []));
    if (picked === withoutRepository) return 'startWithoutRepository';
    if (picked === tryAgain) await again();
    return outcome;
  }
}
