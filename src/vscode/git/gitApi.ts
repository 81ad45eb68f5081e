// The part of the built-in git extension's API (extensions/git/src/api/git.d.ts, version 1) this extension
// reads, declared structurally so nothing is vendored that is not used.
import type * as vscode from 'vscode';

export interface GitBranch {
  readonly name?: string;
  readonly upstream?: { readonly remote: string; readonly name: string };
  readonly ahead?: number;
  readonly behind?: number;
}

export interface GitRemoteEntry {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: GitBranch | undefined;
    readonly remotes: readonly GitRemoteEntry[];
    readonly indexChanges: readonly unknown[];
    readonly workingTreeChanges: readonly unknown[];
    /** Untracked files, where git.untrackedChanges is `separate`; else they are among workingTreeChanges. */
    readonly untrackedChanges?: readonly unknown[];
  };
  status(): Promise<void>;
  /** `git push [-u] <remoteName> <branchName>`; rejects with the extension's GitError (gitErrorCode, stderr). */
  push(remoteName?: string, branchName?: string, setUpstream?: boolean): Promise<void>;
  /** `git pull` from the branch's upstream, as the extension's Pull does; rejects with its GitError. */
  pull(): Promise<void>;
}

export interface GitApi {
  /** The git executable the extension found (`git.path`); absent in older versions of the API. */
  readonly git?: { readonly path: string };
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

export interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}
