// OpenHands: Update the Local Agent Server. Moves the server to the newest release the extension has been proven
// against (the decision: core/localServer/releases.ts). The release is downloaded first, with progress and Cancel,
// while the old one runs on; only then is the old one stopped and the new one started on its port, with its state
// and key. On the newest it says so and does nothing; a release the extension does not know is refused with the
// reason. The download and the restart are LocalServer's; this file sequences them and says what happened.
import * as vscode from 'vscode';
import { planUpdate } from '../../core/localServer/releases';
import { readState } from '../../core/localServer/stateFile';
import { signalOf } from '../platform/cancellation';
import type { Logger } from '../platform/log';
import type { LocalServer } from './localServer';

export class ServerUpdate {
  constructor(private readonly server: LocalServer, private readonly stateFile: string, private readonly logger: Logger) {}

  /** Resolves to whether the server was moved to another release. */
  async run(): Promise<boolean> {
    // The state file names the release the server runs, or last ran when stopped (kept across Stop).
    const plan = planUpdate((await readState(this.stateFile))?.release);
    switch (plan.kind) {
      case 'none': {
        const start = vscode.l10n.t('Start a Local Agent Server');
        const choice = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: no local agent server was started on this machine yet. Start a Local Agent Server runs openhands-agent-server {0}.', plan.release), start);
        if (choice === start) await this.server.start();
        return false;
      }
      case 'newest':
        void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the local agent server runs openhands-agent-server {0}, the newest release the extension has been proven against.', plan.release));
        return false;
      case 'refused':
        return this.refuse(plan.release, plan.reason);
      case 'move':
        return this.move(plan.from, plan.to);
    }
  }

  private async refuse(release: string, reason: string): Promise<boolean> {
    this.logger.warn(`Update the Local Agent Server: refused, it runs openhands-agent-server ${release}`);
    const show = vscode.l10n.t('Show Log');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('OpenHands: the local agent server is not updated. {0} Stop it, then start it again.', reason), show);
    if (choice === show) this.server.showLog();
    return false;
  }

  private async move(from: string, to: string): Promise<boolean> {
    const title = vscode.l10n.t('OpenHands: updating the local agent server to {0}', to);
    try {
      const fetched = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true },
        (progress, token) => this.server.fetch(to, progress, signalOf(token)));
      // Cancelled: nothing was stopped, the old release runs on.
      if (!fetched) return false;
      const running = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false },
        (progress) => this.server.restartOn(to, progress));
      this.logger.info(`Updated the local agent server from ${from} to ${to}${running ? '' : ' (stopped: its next start runs it)'}`);
      void vscode.window.showInformationMessage(running
        ? vscode.l10n.t('OpenHands: updated the local agent server from {0} to {1}.', from, to)
        : vscode.l10n.t('OpenHands: updated the local agent server from {0} to {1}. It is stopped: Start a Local Agent Server starts {1}.', from, to));
      return true;
    } catch (error) {
      this.logger.warn(`The local agent server was not updated to ${to}: ${String(error)}`);
      const again = vscode.l10n.t('Retry');
      const show = vscode.l10n.t('Show Log');
      const why = error instanceof Error ? error.message : String(error);
      const choice = await vscode.window.showErrorMessage(vscode.l10n.t('OpenHands: the local agent server was not updated to {0}, it keeps {1}. {2}', to, from, why), again, show);
      if (choice === again) return this.run();
      if (choice === show) this.server.showLog();
      return false;
    }
  }
}
