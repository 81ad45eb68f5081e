// Which workspace folder a conversation's changes are applied to: the folder it was started from (recorded at
// start), else the folder of a repository whose git remote names the conversation's repository (as the start's
// prefill reads remotes), else the folder the person picks.
import * as vscode from 'vscode';
import { parseGitRemote } from '../../core/git/gitRemote';
import { remoteUrl } from '../../core/git/repoContext';
import type { StartedConversation } from '../conversations/conversationStore';
import type { GitRepositories } from '../git/gitRepositories';

export async function applyFolder(
  started: StartedConversation | undefined, repository: string | null, git: GitRepositories,
): Promise<vscode.Uri | undefined> {
  const recorded = started?.folder ? vscode.Uri.parse(started.folder) : undefined;
  if (recorded && vscode.workspace.getWorkspaceFolder(recorded)) return recorded;
  const wanted = (started?.repository ?? repository)?.toLowerCase();
  const api = wanted ? await git.gitApi() : undefined;
  const matching = api?.repositories.find((repo) => repo.state.remotes.some((remote) => {
    const url = remoteUrl(remote);
    return url !== undefined && parseGitRemote(url)?.repository.toLowerCase() === wanted;
  }));
  if (matching) return matching.rootUri;
  const picked = await vscode.window.showWorkspaceFolderPick({
    placeHolder: vscode.l10n.t('Which folder should the agent\'s changes be applied to?'),
  });
  return picked?.uri;
}
