// Push and Start's push, through the built-in git extension's API, so git runs with the person's own
// credentials (the extension's askpass, credential helpers, SSH agent) exactly as its Push command would.
import * as vscode from 'vscode';
import { pushFailure, type GitErrorFields, type PushFailure, type PushPlan } from '../../core/git/branchPush';
import type { Logger } from '../platform/log';
import type { GitRepositories } from './gitRepositories';

export class GitPusher {
  constructor(private readonly git: GitRepositories, private readonly logger: Logger) {}

  /**
   * Pushes the branch of the repository at `root` as planned, with its own progress notification. Undefined once
   * pushed, else what went wrong, its message redacted (git's output can hold a remote URL with a token).
   * Not cancellable: the git API has no way to stop a push, and git gives up on a dead remote by itself.
   */
  async push(root: vscode.Uri | undefined, plan: PushPlan): Promise<PushFailure | undefined> {
    const repo = root && (await this.git.repositoryFor(root));
    if (!repo) {
      const message = `OpenHands: the git repository${root ? ` at ${root.fsPath}` : ''} is not open in VS Code's git any more, so ${plan.branch} was not pushed. Reopen the folder, then start again.`;
      this.logger.warn(message);
      return { kind: 'failed', message, actions: ['startAnyway', 'startWithoutRepository'] };
    }
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `OpenHands: pushing ${plan.branch} to ${plan.remote}${plan.setUpstream ? ' (setting its upstream)' : ''}` },
        () => repo.push(plan.remote, plan.branch, plan.setUpstream),
      );
      this.logger.info(`Pushed ${plan.branch} to ${plan.remote}${plan.setUpstream ? ', upstream set' : ''}`);
      return undefined;
    } catch (error) {
      const fields = errorFields(error);
      const failure = pushFailure(fields, plan);
      this.logger.warn(`Push of ${plan.branch} to ${plan.remote} failed (${failure.kind}, ${fields.gitErrorCode ?? 'no code'}): ${fields.stderr ?? fields.message ?? ''}`);
      return { ...failure, message: this.logger.redactor.redactText(failure.message) };
    }
  }

  /** The git extension's own Pull on that repository: it asks about conflicts and shows its own errors. */
  async pull(root: vscode.Uri | undefined): Promise<void> {
    await vscode.commands.executeCommand('git.pull', root);
  }

  async showOutput(): Promise<void> {
    await vscode.commands.executeCommand('git.showOutput');
  }
}

function errorFields(error: unknown): GitErrorFields {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const { gitErrorCode, stderr, message } = error as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { gitErrorCode: text(gitErrorCode), stderr: text(stderr), message: text(message) };
}
