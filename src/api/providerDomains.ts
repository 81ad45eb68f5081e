// Each git provider's own domain: what a token stored without a host (host null) is for.
export const PROVIDER_DOMAINS: Readonly<Record<string, string>> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
