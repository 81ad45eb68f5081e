// Push and Start's push (and Pull and Retry's pull), through the built-in git extension's API, so git runs with
// the person's own credentials (the extension's askpass, credential helpers, SSH agent) as its Push would.
import * as vscode from 'vscode';
import { pullFailure, pushFailure, type GitErrorFields, type PushFailure, type PushPlan } from '../../core/git/branchPush';
import type { Logger } from '../platform/log';
import type { GitRepository } from './gitApi';
import type { GitRepositories } from './gitRepositories';

export class GitPusher {
  constructor(private readonly git: GitRepositories, private readonly logger: Logger) {}

  /**
   * Pushes the branch of the repository at `root` as planned, with its own progress notification. Undefined once
   * pushed, else what went wrong. Not cancellable: the git API cannot stop a push, and git gives up on a dead
   * remote by itself.
   */
  push(root: vscode.Uri | undefined, plan: PushPlan): Promise<PushFailure | undefined> {
    return this.run(root, plan, {
      title: plan.setUpstream
        ? vscode.l10n.t('OpenHands: pushing {0} to {1} (setting its upstream)', plan.branch, plan.remote)
        : vscode.l10n.t('OpenHands: pushing {0} to {1}', plan.branch, plan.remote),
      git: (repo) => repo.push(plan.remote, plan.branch, plan.setUpstream),
      failure: pushFailure,
    });
  }

  /** Pulls the branch from its upstream, as the git extension's Pull does; undefined once pulled. */
  pull(root: vscode.Uri | undefined, plan: PushPlan): Promise<PushFailure | undefined> {
    return this.run(root, plan, {
      title: vscode.l10n.t('OpenHands: pulling {0} from {1}', plan.branch, plan.remote),
      git: (repo) => repo.pull(),
      failure: pullFailure,
    });
  }

  async showOutput(): Promise<void> {
    await vscode.commands.executeCommand('git.showOutput');
  }

  private async run(root: vscode.Uri | undefined, plan: PushPlan, step: GitStep): Promise<PushFailure | undefined> {
    const repo = root && (await this.git.repositoryFor(root));
    if (!repo) {
      const message = root
        ? vscode.l10n.t('OpenHands: the git repository at {0} is not open in VS Code\'s git any more. Reopen the folder, then start again.', root.fsPath)
        : vscode.l10n.t('OpenHands: the git repository is not open in VS Code\'s git any more. Reopen the folder, then start again.');
      this.logger.warn(message);
      return { kind: 'failed', message, actions: ['startAnyway', 'startWithoutRepository'] };
    }
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: step.title }, () => step.git(repo));
      this.logger.info(`${step.title}: done`);
      return undefined;
    } catch (error) {
      const fields = errorFields(error);
      const failure = step.failure(fields, plan);
      this.logger.warn(`${step.title}: failed (${failure.kind}, ${fields.gitErrorCode ?? 'no code'}): ${fields.stderr ?? fields.message ?? ''}`);
      // git's output can hold a remote URL with a token in it.
      return { ...failure, message: this.logger.redactor.redactText(failure.message) };
    }
  }
}

interface GitStep {
  readonly title: string;
  git(repo: GitRepository): Promise<void>;
  failure(error: GitErrorFields, plan: PushPlan): PushFailure;
}

function errorFields(error: unknown): GitErrorFields {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const { gitErrorCode, stderr, message } = error as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { gitErrorCode: text(gitErrorCode), stderr: text(stderr), message: text(message) };
}
