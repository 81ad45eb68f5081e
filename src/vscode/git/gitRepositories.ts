// Finds the git repository for a file through the built-in git extension: activated on demand, and waited
// for until it has looked at the workspace, so that the first command after start-up still finds the repo.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GitApi, GitExtension, GitRepository } from './gitApi';

const INITIALIZE_TIMEOUT_MS = 5000;

export class GitRepositories {
  private api: Promise<GitApi | undefined> | undefined;

  /** The git API, or undefined when git is disabled, missing, or not ready within a few seconds. */
  gitApi(): Promise<GitApi | undefined> {
    this.api ??= this.load().catch(() => {
      // getAPI throws when git is disabled by the person: no repository context now, and the next command asks
      // again. The reset runs after `??=` has stored the promise, so it is not undone.
      this.api = undefined;
      return undefined;
    });
    return this.api;
  }

  /** The repository that contains `uri`, or the only/picked one of the workspace when no file is given. */
  async repositoryFor(uri: vscode.Uri | undefined): Promise<GitRepository | undefined> {
    const api = await this.gitApi();
    if (!api) return undefined;
    return withState(uri ? await this.repositoryOf(api, uri) : await this.workspaceRepository(api));
  }

  /**
   * The only or the picked repository the git extension has; where it has none yet (its start-up scan outlasts the
   * wait for it on a busy machine), the first workspace folder's, opened: a start must not lose the repository to
   * the git extension's timing.
   */
  private async workspaceRepository(api: GitApi): Promise<GitRepository | undefined> {
    if (api.repositories.length) return pickRepository(api);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    return folder && this.repositoryOf(api, folder);
  }

  private async load(): Promise<GitApi | undefined> {
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
    const exports = extension && (extension.isActive ? extension.exports : await extension.activate());
    if (!exports?.enabled) return undefined;
    const api = exports.getAPI(1);
    if (api.state !== 'initialized') await initialized(api);
    return api;
  }

  /**
   * The repository whose working tree holds `uri`. The git extension answers with the closest repository it has
   * open, and it opens only the workspace folders' repositories and what its start-up scan finds (one level
   * deep): a repository nested deeper, or cloned into the workspace later, would be answered with its parent.
   * So the nearest `.git` between the file and that answer decides, and is opened when the extension has not.
   */
  private async repositoryOf(api: GitApi, uri: vscode.Uri): Promise<GitRepository | undefined> {
    const known = api.getRepository(uri) ?? undefined;
    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri;
    const top = known?.rootUri ?? folder;
    if (!top || uri.scheme !== 'file') return known;
    const root = await nearestGitRoot(uri.fsPath, top.fsPath);
    if (known && (!root || samePath(root, known.rootUri.fsPath))) return known;
    // No `.git` below the workspace folder: it may sit inside a repository that starts above it.
    return (await api.openRepository?.(root ? vscode.Uri.file(root) : top)) ?? known;
  }
}

/** Waits until the git extension has looked at the workspace, for a few seconds at most. */
function initialized(api: GitApi): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => { listener.dispose(); resolve(); }, INITIALIZE_TIMEOUT_MS);
    const listener = api.onDidChangeState((state) => {
      if (state === 'initialized') { clearTimeout(timer); listener.dispose(); resolve(); }
    });
  });
}

async function pickRepository(api: GitApi): Promise<GitRepository | undefined> {
  const all = api.repositories;
  if (all.length <= 1) return all[0];
  const picked = await vscode.window.showQuickPick(all.map((repo) => ({
    label: vscode.workspace.asRelativePath(repo.rootUri, true) || repo.rootUri.fsPath,
    description: repo.state.HEAD?.name,
    repo,
  })), {
    title: vscode.l10n.t('OpenHands: Which repository?'), placeHolder: vscode.l10n.t('The conversation will be prefilled with its remote and branch.'),
  });
  return picked?.repo;
}

/**
 * The repository with its state read. The git extension opens a repository first and reads its HEAD and remotes
 * later (the first status is queued): right after start-up, or after openRepository, both are still empty.
 */
async function withState(repo: GitRepository | undefined): Promise<GitRepository | undefined> {
  if (repo && !repo.state.HEAD) await repo.status();
  return repo;
}

/** The nearest folder from `file` up to `top` (included) that holds a `.git` folder or file, if any. */
async function nearestGitRoot(file: string, top: string): Promise<string | undefined> {
  for (let dir = file; ; dir = path.dirname(dir)) {
    if (await exists(path.join(dir, '.git'))) return dir;
    if (samePath(dir, top) || path.dirname(dir) === dir) return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.promises.stat(file);
    return true;
  } catch {
    return false;
  }
}

function samePath(a: string, b: string): boolean {
  return path.relative(a, b) === '';
}
