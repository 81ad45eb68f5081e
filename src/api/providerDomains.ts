// Each git provider's own domain (what a token stored without a host, host null, is for) and its name as shown.
export const PROVIDER_DOMAINS: Readonly<Record<string, string>> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };

/** The provider names of 1.11.0's ProviderType, as each provider writes its own. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  github: 'GitHub', gitlab: 'GitLab', bitbucket: 'Bitbucket', bitbucket_data_center: 'Bitbucket Data Center',
  forgejo: 'Forgejo', azure_devops: 'Azure DevOps', enterprise_sso: 'Enterprise SSO',
};

/** A provider as a person reads it (`github` → GitHub); one this extension does not know, as the server gave it. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}
