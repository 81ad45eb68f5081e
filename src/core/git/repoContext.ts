// Which remote a conversation is bound to, and what to warn about before sending: the agent clones the
// remote, so local work that is not pushed, or a branch the remote does not have, would be missing there.
import { l10n } from '../../base/l10n';
import type { ProviderType } from '../../api/model/conversations';
import { providerName } from '../../api/providerDomains';

export interface RemoteInfo {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export type RemoteChoice =
  | { readonly kind: 'remote'; readonly remote: RemoteInfo }
  | { readonly kind: 'ask'; readonly remotes: readonly RemoteInfo[] }
  | { readonly kind: 'none' };

/** The branch's upstream remote, else `origin`, else the only remote; with several others, the person picks. */
export function chooseRemote(remotes: readonly RemoteInfo[], upstreamRemote: string | undefined): RemoteChoice {
  const usable = remotes.filter((r) => r.fetchUrl || r.pushUrl);
  const byName = (name: string | undefined) => usable.find((r) => r.name === name);
  const chosen = byName(upstreamRemote) ?? byName('origin') ?? (usable.length === 1 ? usable[0] : undefined);
  if (chosen) return { kind: 'remote', remote: chosen };
  return usable.length ? { kind: 'ask', remotes: usable } : { kind: 'none' };
}

export function remoteUrl(remote: RemoteInfo): string | undefined {
  return remote.fetchUrl ?? remote.pushUrl;
}

export interface BranchInfo {
  /** Undefined when HEAD is detached. */
  readonly name?: string;
  readonly upstream?: { readonly remote: string; readonly name: string };
  readonly ahead?: number;
}

export type PreflightWarning =
  | { readonly kind: 'detached' }
  | { readonly kind: 'uncommitted' }
  | { readonly kind: 'noUpstream'; readonly branch: string }
  | { readonly kind: 'unpushed'; readonly branch: string; readonly commits: number }
  | { readonly kind: 'noProviderToken'; readonly provider: ProviderType }
  /** The server clones no repository at a start (an agent server): the remote's state is beside the point then. */
  | { readonly kind: 'serverClonesNone' };

export function preflightWarnings(
  branch: BranchInfo, provider: ProviderType | undefined, serverTokens: Readonly<Record<string, string | null>> | null | undefined, uncommitted = false,
): PreflightWarning[] {
  const warnings: PreflightWarning[] = [];
  if (uncommitted) warnings.push({ kind: 'uncommitted' });
  if (!branch.name) warnings.push({ kind: 'detached' });
  else if (!branch.upstream) warnings.push({ kind: 'noUpstream', branch: branch.name });
  else if ((branch.ahead ?? 0) > 0) warnings.push({ kind: 'unpushed', branch: branch.name, commits: branch.ahead ?? 0 });
  // Without settings loaded we cannot tell; the server's own answer will say so then.
  if (provider && serverTokens && !(provider in serverTokens)) warnings.push({ kind: 'noProviderToken', provider });
  return warnings;
}

/** The warnings for a repository start on a server that clones one (`serverClones`), else that it clones none, alone. */
export function serverWarnings(warnings: readonly PreflightWarning[], serverClones: boolean): readonly PreflightWarning[] {
  return serverClones ? warnings : [{ kind: 'serverClonesNone' }];
}

export function warningText(warning: PreflightWarning): string {
  switch (warning.kind) {
    case 'detached': return l10n.t('HEAD is detached, so no branch is sent; the agent starts from the default branch.');
    case 'uncommitted': return l10n.t('The folder has changes that are not committed; the agent works from the remote and will not see them.');
    case 'noUpstream': return l10n.t('Branch {0} has no upstream: the remote may not have it, and the agent works from the remote.', warning.branch);
    case 'unpushed': return warning.commits === 1
      ? l10n.t('Branch {0} has 1 commit not pushed; the agent works from the remote and will not see it.', warning.branch)
      : l10n.t('Branch {0} has {1} commits not pushed; the agent works from the remote and will not see them.', warning.branch, warning.commits);
    case 'noProviderToken': return l10n.t('The server has no {0} token, so it cannot clone the repository.', providerName(warning.provider));
    case 'serverClonesNone': return l10n.t('This server cannot clone a repository: the agent sees your files only if you send this folder.');
  }
}
