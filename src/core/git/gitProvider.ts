// Chooses the `git_provider` of a new conversation for a parsed remote.
// Order, strongest evidence first:
//   1. server-token: the server holds a token for this host, so that is the provider it will use;
//   2. user-setting: the person's host → provider map, which they edit on purpose;
//   3. default-host: github.com, gitlab.com, bitbucket.org;
//   4. remembered: what the person picked for this exact host before. It comes before the heuristics because an
//      answer about this very host beats a guess from its name, and so a person can overrule a wrong guess;
//   5. heuristic: "gitlab" as a word in the host, or a Bitbucket Server `/scm/` path.
// Otherwise nothing: the adapter asks with a quick pick and remembers the answer.
import { PROVIDER_TYPES, isProviderType, type ProviderType } from '../../api/model/conversations';
import { PROVIDER_DOMAINS } from '../../api/providerDomains';
import { normalizeGitHost, type GitRemote } from './gitRemote';

export type ProviderRule = 'server-token' | 'user-setting' | 'default-host' | 'remembered' | 'heuristic';
/** Why no provider was chosen: Azure DevOps has no `ProviderType` in this server version; an unknown host needs asking. */
export type NoProviderReason = 'azure-devops-unsupported' | 'unknown-host';

export interface ProviderDecision {
  readonly provider: ProviderType;
  readonly rule: ProviderRule;
}

export interface NoProvider {
  readonly provider: undefined;
  readonly reason: NoProviderReason;
}

export type ProviderChoice = ProviderDecision | NoProvider;

export interface ProviderSources {
  /** `provider_tokens_set` of GET /api/settings: provider → host, where null means the provider's default domain. */
  readonly serverTokenHosts?: Readonly<Record<string, string | null>> | null;
  /** The person's setting, host → provider. Hosts may carry a scheme or port; unknown providers are skipped. */
  readonly userHosts?: Readonly<Record<string, string>>;
  /** Earlier quick-pick answers, host → provider. */
  readonly rememberedHosts?: Readonly<Record<string, string>>;
}

// A null host in `provider_tokens_set` stands for the provider's own domain.
const DEFAULT_PROVIDER_HOSTS: Readonly<Partial<Record<string, string>>> = PROVIDER_DOMAINS;

/** The provider a name stands for (a Settings panel line's), or undefined for one this extension does not know. */
export function knownProvider(name: string | undefined): ProviderType | undefined {
  return name !== undefined && isProviderType(name) ? name : undefined;
}

/** The providers a person sets a token up for by hand, in the enum's order. */
export function tokenProviders(): readonly ProviderType[] {
  return PROVIDER_TYPES.filter((provider) => provider !== 'enterprise_sso');
}

/** The host a token for `provider` is stored with: null for the provider's own domain, else the remote's host. */
export function tokenHost(provider: string, remoteHost: string | undefined): string | null {
  return !remoteHost || DEFAULT_PROVIDER_HOSTS[provider] === remoteHost ? null : remoteHost;
}

export function chooseGitProvider(remote: GitRemote, sources: ProviderSources = {}): ProviderChoice {
  // Checked first: any provider sent for an Azure DevOps repository would be wrong.
  if (remote.hint === 'azure-devops') return { provider: undefined, reason: 'azure-devops-unsupported' };
  const rules: ReadonlyArray<readonly [ProviderRule, () => ProviderType | undefined]> = [
    ['server-token', () => serverTokenProvider(remote.host, sources.serverTokenHosts)],
    ['user-setting', () => providerForHost(remote.host, sources.userHosts)],
    ['default-host', () => PROVIDER_TYPES.find((provider) => DEFAULT_PROVIDER_HOSTS[provider] === remote.host)],
    ['remembered', () => providerForHost(remote.host, sources.rememberedHosts)],
    ['heuristic', () => heuristicProvider(remote)],
  ];
  for (const [rule, decide] of rules) {
    const provider = decide();
    if (provider) return { provider, rule };
  }
  return { provider: undefined, reason: 'unknown-host' };
}

// Providers are tried in the enum's order, so a host claimed by two tokens gets the same answer every time.
function serverTokenProvider(host: string, tokenHosts: ProviderSources['serverTokenHosts']): ProviderType | undefined {
  if (!tokenHosts) return undefined;
  return PROVIDER_TYPES.find((provider) => {
    if (!Object.hasOwn(tokenHosts, provider)) return false;
    const tokenHost = tokenHosts[provider] ?? DEFAULT_PROVIDER_HOSTS[provider];
    return tokenHost !== undefined && normalizeGitHost(tokenHost) === host;
  });
}

function providerForHost(host: string, map: Readonly<Record<string, string>> | undefined): ProviderType | undefined {
  for (const [key, value] of Object.entries(map ?? {})) {
    if (isProviderType(value) && normalizeGitHost(key) === host) return value;
  }
  return undefined;
}

function heuristicProvider(remote: GitRemote): ProviderType | undefined {
  if (/\bgitlab\b/.test(remote.host)) return 'gitlab';
  if (remote.hint === 'bitbucket-server') return 'bitbucket';
  return undefined;
}
