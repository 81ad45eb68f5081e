import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseGitProvider, type ProviderChoice, type ProviderSources } from '../../../src/core/git/gitProvider';
import { parseGitRemote } from '../../../src/core/git/gitRemote';

interface Case {
  readonly name: string;
  readonly remote: string;
  readonly sources?: ProviderSources;
  readonly expected: ProviderChoice;
}

const CASES: readonly Case[] = [
  // Exact defaults.
  { name: 'github.com is GitHub', remote: 'git@github.com:o/r.git', expected: { provider: 'github', rule: 'default-host' } },
  { name: 'www.github.com is GitHub', remote: 'https://www.github.com/o/r', expected: { provider: 'github', rule: 'default-host' } },
  { name: 'gitlab.com is GitLab', remote: 'git@gitlab.com:group/sub/repo.git', expected: { provider: 'gitlab', rule: 'default-host' } },
  { name: 'bitbucket.org is Bitbucket', remote: 'https://bitbucket.org/ws/repo.git', expected: { provider: 'bitbucket', rule: 'default-host' } },

  // Server tokens.
  {
    name: 'a server token host decides an enterprise host',
    remote: 'https://github.enterprise.corp/o/r.git',
    sources: { serverTokenHosts: { github: 'github.enterprise.corp' } },
    expected: { provider: 'github', rule: 'server-token' },
  },
  {
    name: 'a server token host is compared without scheme, port, path and case',
    remote: 'git@github.enterprise.corp:o/r.git',
    sources: { serverTokenHosts: { github: 'https://GitHub.Enterprise.Corp:8443/' } },
    expected: { provider: 'github', rule: 'server-token' },
  },
  {
    name: 'a null token host means the provider default domain',
    remote: 'git@gitlab.com:g/r.git',
    sources: { serverTokenHosts: { gitlab: null } },
    expected: { provider: 'gitlab', rule: 'server-token' },
  },
  {
    name: 'a null github token host does not claim an enterprise host',
    remote: 'https://github.enterprise.corp/o/r.git',
    sources: { serverTokenHosts: { github: null } },
    expected: { provider: undefined, reason: 'unknown-host' },
  },
  {
    name: 'a null enterprise_sso token host claims nothing',
    remote: 'https://code.corp/o/r.git',
    sources: { serverTokenHosts: { enterprise_sso: null } },
    expected: { provider: undefined, reason: 'unknown-host' },
  },
  {
    name: 'a token for a provider this client does not know is skipped',
    remote: 'https://code.corp/o/r.git',
    sources: { serverTokenHosts: { azure_devops: 'code.corp' } },
    expected: { provider: undefined, reason: 'unknown-host' },
  },
  {
    name: 'a null provider_tokens_set is like an empty one',
    remote: 'https://code.corp/o/r.git',
    sources: { serverTokenHosts: null },
    expected: { provider: undefined, reason: 'unknown-host' },
  },
  {
    name: 'a host claimed by two tokens goes to the first provider of the enum',
    remote: 'https://code.corp/o/r.git',
    sources: { serverTokenHosts: { bitbucket: 'code.corp', gitlab: 'code.corp' } },
    expected: { provider: 'gitlab', rule: 'server-token' },
  },
  {
    name: 'a server token beats the user setting',
    remote: 'https://code.corp/o/r.git',
    sources: { serverTokenHosts: { gitlab: 'code.corp' }, userHosts: { 'code.corp': 'github' } },
    expected: { provider: 'gitlab', rule: 'server-token' },
  },

  // User setting.
  {
    name: 'the user setting decides an unknown host',
    remote: 'ssh://git@code.corp:7999/proj/repo.git',
    sources: { userHosts: { 'code.corp': 'bitbucket' } },
    expected: { provider: 'bitbucket', rule: 'user-setting' },
  },
  {
    name: 'user setting hosts are normalized',
    remote: 'https://code.corp/o/r.git',
    sources: { userHosts: { 'https://Code.Corp:8443': 'gitlab' } },
    expected: { provider: 'gitlab', rule: 'user-setting' },
  },
  {
    name: 'the user setting beats the defaults',
    remote: 'https://github.com/o/r.git',
    sources: { userHosts: { 'github.com': 'enterprise_sso' } },
    expected: { provider: 'enterprise_sso', rule: 'user-setting' },
  },
  {
    name: 'the user setting beats the heuristics',
    remote: 'https://gitlab.code.corp/o/r.git',
    sources: { userHosts: { 'gitlab.code.corp': 'github' } },
    expected: { provider: 'github', rule: 'user-setting' },
  },
  {
    name: 'a user setting with an unknown provider is skipped',
    remote: 'https://code.corp/o/r.git',
    sources: { userHosts: { 'code.corp': 'GitHub' } },
    expected: { provider: undefined, reason: 'unknown-host' },
  },

  // Remembered answers.
  {
    name: 'a remembered answer decides an unknown host',
    remote: 'https://code.corp/o/r.git',
    sources: { rememberedHosts: { 'code.corp': 'github' } },
    expected: { provider: 'github', rule: 'remembered' },
  },
  {
    name: 'a remembered answer for another host does not apply',
    remote: 'https://code.corp/o/r.git',
    sources: { rememberedHosts: { 'other.corp': 'github' } },
    expected: { provider: undefined, reason: 'unknown-host' },
  },
  {
    name: 'the defaults beat a remembered answer',
    remote: 'https://github.com/o/r.git',
    sources: { rememberedHosts: { 'github.com': 'gitlab' } },
    expected: { provider: 'github', rule: 'default-host' },
  },
  {
    name: 'the user setting beats a remembered answer',
    remote: 'https://code.corp/o/r.git',
    sources: { userHosts: { 'code.corp': 'gitlab' }, rememberedHosts: { 'code.corp': 'github' } },
    expected: { provider: 'gitlab', rule: 'user-setting' },
  },
  {
    name: 'a remembered answer beats the gitlab heuristic',
    remote: 'https://gitlab.code.corp/o/r.git',
    sources: { rememberedHosts: { 'gitlab.code.corp': 'github' } },
    expected: { provider: 'github', rule: 'remembered' },
  },
  {
    name: 'a remembered answer beats the /scm/ heuristic',
    remote: 'https://code.corp/scm/PROJ/repo.git',
    sources: { rememberedHosts: { 'code.corp': 'gitlab' } },
    expected: { provider: 'gitlab', rule: 'remembered' },
  },

  // Heuristics.
  { name: '"gitlab" as the first label', remote: 'https://gitlab.example.com/g/r.git', expected: { provider: 'gitlab', rule: 'heuristic' } },
  { name: '"gitlab" after a hyphen', remote: 'git@my-gitlab.corp:g/r.git', expected: { provider: 'gitlab', rule: 'heuristic' } },
  { name: '"gitlab" as a middle label', remote: 'https://code.gitlab.corp/g/r', expected: { provider: 'gitlab', rule: 'heuristic' } },
  { name: '"gitlabs" is not "gitlab"', remote: 'https://gitlabs.corp/g/r', expected: { provider: undefined, reason: 'unknown-host' } },
  { name: '"mygitlab" is not "gitlab"', remote: 'https://mygitlab.corp/g/r', expected: { provider: undefined, reason: 'unknown-host' } },
  { name: 'an /scm/ path is Bitbucket Server', remote: 'https://code.corp/scm/PROJ/repo.git', expected: { provider: 'bitbucket', rule: 'heuristic' } },
  { name: 'a Bitbucket Server ssh remote needs asking', remote: 'ssh://git@code.corp:7999/proj/repo.git', expected: { provider: undefined, reason: 'unknown-host' } },

  // Nothing known.
  { name: 'an enterprise host with no source needs asking', remote: 'https://github.enterprise.corp/o/r.git', expected: { provider: undefined, reason: 'unknown-host' } },
  { name: 'an ssh alias needs asking', remote: 'github:o/r', expected: { provider: undefined, reason: 'unknown-host' } },

  // Azure DevOps has no ProviderType in this server version, whatever the sources say.
  { name: 'Azure DevOps https', remote: 'https://dev.azure.com/org/proj/_git/repo', expected: { provider: undefined, reason: 'azure-devops-unsupported' } },
  { name: 'Azure DevOps ssh', remote: 'git@ssh.dev.azure.com:v3/org/proj/repo', expected: { provider: undefined, reason: 'azure-devops-unsupported' } },
  {
    name: 'Azure DevOps legacy, even when mapped',
    remote: 'https://org.visualstudio.com/proj/_git/repo',
    sources: { userHosts: { 'org.visualstudio.com': 'github' }, serverTokenHosts: { github: 'org.visualstudio.com' } },
    expected: { provider: undefined, reason: 'azure-devops-unsupported' },
  },
];

describe('chooseGitProvider', () => {
  for (const { name, remote, sources, expected } of CASES) {
    it(name, () => {
      const parsed = parseGitRemote(remote);
      assert.ok(parsed, `test remote ${remote} must parse`);
      assert.deepEqual(chooseGitProvider(parsed, sources), expected);
    });
  }
});
