// Finds the git repository for a file through the built-in git extension: activated on demand, and waited
// for until it has looked at the workspace, so that the first command after start-up still finds the repo.
import * as vscode from 'vscode';
import type { GitApi, GitExtension, GitRepository } from './gitApi';

const INITIALIZE_TIMEOUT_MS = 5000;

export class GitRepositories {
  private api: Promise<GitApi | undefined> | undefined;

  /** The git API, or undefined when git is disabled, missing, or not ready within a few seconds. */
  gitApi(): Promise<GitApi | undefined> {
    this.api ??= this.load();
    return this.api;
  }

  /** The repository that contains `uri`, or the only/picked one of the workspace when no file is given. */
  async repositoryFor(uri: vscode.Uri | undefined): Promise<GitRepository | undefined> {
    const api = await this.gitApi();
    if (!api) return undefined;
    if (uri) return api.getRepository(uri) ?? (await this.openContaining(api, uri));
    const all = api.repositories;
    if (all.length <= 1) return all[0];
    const picked = await vscode.window.showQuickPick(all.map((repo) => ({
      label: vscode.workspace.asRelativePath(repo.rootUri, true) || repo.rootUri.fsPath,
      description: repo.state.HEAD?.name,
      repo,
    })), { title: 'OpenHands: Which repository?', placeHolder: 'The conversation will be prefilled with its remote and branch.' });
    return picked?.repo;
  }

  private async load(): Promise<GitApi | undefined> {
    try {
      const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
      const exports = extension && (extension.isActive ? extension.exports : await extension.activate());
      if (!exports?.enabled) return undefined;
      const api = exports.getAPI(1);
      if (api.state !== 'initialized') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { listener.dispose(); resolve(); }, INITIALIZE_TIMEOUT_MS);
          const listener = api.onDidChangeState((state) => {
            if (state === 'initialized') { clearTimeout(timer); listener.dispose(); resolve(); }
          });
        });
      }
      return api;
    } catch {
      // getAPI throws when git is disabled by the person; that means: no repository context.
      this.api = undefined;
      return undefined;
    }
  }

  /** Asks git to open the repository of a workspace folder that it has not scanned yet. */
  private async openContaining(api: GitApi, uri: vscode.Uri): Promise<GitRepository | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder || !api.openRepository) return undefined;
    return (await api.openRepository(folder.uri)) ?? undefined;
  }
}
