// Where a new conversation points: the repository, provider and branch prefilled from the workspace's git
// state, found through the built-in git extension and the remote's URL.
import * as vscode from 'vscode';
import { providerName } from '../../api/providerDomains';
import { PROVIDER_TYPES, type ProviderType } from '../../api/model/conversations';
import { chooseGitProvider } from '../../core/git/gitProvider';
import { parseGitRemote, redactRemoteUrl } from '../../core/git/gitRemote';
import { chooseRemote, preflightWarnings, remoteUrl, type PreflightWarning, type RemoteInfo } from '../../core/git/repoContext';
import type { GitRepository } from '../git/gitApi';
import type { GitRepositories } from '../git/gitRepositories';
import { configuration } from '../platform/configuration';
import type { Logger } from '../platform/log';
import type { SettingsController } from '../settings/settingsController';

export interface ConversationTarget {
  readonly repository?: string;
  readonly gitProvider?: ProviderType;
  readonly branch?: string;
  /** The host of the repository's remote (github.com, a GitHub Enterprise host…): where a provider token is for. */
  readonly gitHost?: string;
  /** The git remote the repository was read from: where Push and Start pushes the branch. */
  readonly remote?: string;
  /** The folder paths in a message are relative to: the repository's root, else the file's workspace folder. */
  readonly root?: vscode.Uri;
  readonly warnings: readonly PreflightWarning[];
}

const REMEMBERED_PROVIDERS = 'openhands.gitProviderByHost';

export function describeTarget(target: ConversationTarget): string {
  if (!target.repository) return vscode.l10n.t('no repository');
  return `${target.repository}${target.gitProvider ? ` (${providerName(target.gitProvider)})` : ''}${target.branch ? ` @ ${target.branch}` : ''}`;
}

export function withoutRepository(target: ConversationTarget): ConversationTarget {
  return { root: target.root, warnings: [] };
}

export class ConversationTargets {
  constructor(
    private readonly git: GitRepositories,
    private readonly settings: SettingsController,
    private readonly memento: vscode.Memento,
    private readonly logger: Logger,
  ) {}

  /**
   * The target for a file, or for the active editor's file, or for the one or picked repository. An editor in front
   * that is no file of the workspace (an untitled one, an output) says nothing about the repository.
   */
  async resolve(uri: vscode.Uri | undefined): Promise<ConversationTarget> {
    const active = vscode.window.activeTextEditor?.document.uri;
    const file = uri ?? (active && vscode.workspace.getWorkspaceFolder(active) ? active : undefined);
    // Without a file, the first workspace folder, as the repository is found: a folder without git still has
    // files to send (Send This Folder).
    const folder = file ? vscode.workspace.getWorkspaceFolder(file) : vscode.workspace.workspaceFolders?.[0];
    const repo = await this.git.repositoryFor(file);
    if (!repo) return { root: folder?.uri, warnings: [] };
    const head = repo.state.HEAD;
    const choice = chooseRemote(repo.state.remotes, head?.upstream?.remote);
    const remote = choice.kind === 'remote' ? choice.remote : choice.kind === 'ask' ? await pickRemote(choice.remotes) : undefined;
    const url = remote && remoteUrl(remote);
    const parsed = url ? parseGitRemote(url) : undefined;
    if (!parsed) {
      if (url) this.logger.warn(`Cannot read the git remote ${redactRemoteUrl(url)}; starting without a repository`);
      return { root: repo.rootUri, warnings: [] };
    }
    const tokens = this.settings.settings?.provider_tokens_set;
    const decided = chooseGitProvider(parsed, {
      serverTokenHosts: tokens,
      userHosts: configuration.gitHosts(),
      rememberedHosts: this.memento.get<Record<string, string>>(REMEMBERED_PROVIDERS, {}),
    });
    let provider = decided.provider;
    if (decided.provider) this.logger.debug(`Provider ${decided.provider} for ${parsed.host} (${decided.rule})`);
    else if (decided.reason === 'unknown-host') provider = await this.askProvider(parsed.host);
    else this.logger.info(`${parsed.host} is Azure DevOps, which this server version has no provider for`);
    const branch = head?.name;
    return {
      repository: parsed.repository,
      gitProvider: provider,
      gitHost: parsed.host,
      branch,
      remote: remote?.name,
      root: repo.rootUri,
      warnings: preflightWarnings({ name: branch, upstream: head?.upstream, ahead: head?.ahead }, provider, tokens, hasUncommitted(repo.state)),
    };
  }

  /** Asks which provider serves an unknown host, and remembers the answer for that host. */
  private async askProvider(host: string): Promise<ProviderType | undefined> {
    const answer = await vscode.window.showQuickPick([...PROVIDER_TYPES], {
      title: vscode.l10n.t('OpenHands: Which git provider serves {0}?', host),
      placeHolder: vscode.l10n.t('Remembered for this host. Map hosts ahead of time with the openhands.gitHosts setting.'),
    });
    const picked = PROVIDER_TYPES.find((p) => p === answer);
    if (!picked) return undefined;
    await this.memento.update(REMEMBERED_PROVIDERS, { ...this.memento.get<Record<string, string>>(REMEMBERED_PROVIDERS, {}), [host]: picked });
    return picked;
  }
}

function hasUncommitted(state: GitRepository['state']): boolean {
  return state.indexChanges.length + state.workingTreeChanges.length + (state.untrackedChanges?.length ?? 0) > 0;
}

async function pickRemote(remotes: readonly RemoteInfo[]): Promise<RemoteInfo | undefined> {
  const picked = await vscode.window.showQuickPick(remotes.map((remote) => ({
    label: remote.name, description: redactRemoteUrl(remoteUrl(remote) ?? ''), remote,
  })), { title: vscode.l10n.t('OpenHands: Which remote does the agent clone?') });
  return picked?.remote;
}
