import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeGitHost, parseGitRemote, redactRemoteUrl, type GitRemote } from '../../../src/core/git/gitRemote';

// [input, expected]; the first block is anchors.md §7.6, in its order.
const PARSED: ReadonlyArray<readonly [string, GitRemote | undefined]> = [
  ['https://github.com/Microsoft/vscode.git', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['http://rmacfarlane:password@www.github.com/Microsoft/vscode', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['https://github.com:433/Microsoft/vscode.git', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['https://github.enterprise.corp/Microsoft/vscode.git', { host: 'github.enterprise.corp', repository: 'Microsoft/vscode' }],
  ['ssh://git@github.com/Microsoft/vscode', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['ssh://git@github.com:433/Microsoft/vscode', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['git@github.com:Microsoft/vscode.git', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['github.com:Microsoft/vscode.git', { host: 'github.com', repository: 'Microsoft/vscode' }],
  ['user@git.server.org:project.git', { host: 'git.server.org', repository: 'project' }],
  ['/opt/git/project.git', undefined],
  ['file:///opt/git/project.git', undefined],
  ['jdsbcnuqwew@github.com:sourcegraph/sourcegraph.git', { host: 'github.com', repository: 'sourcegraph/sourcegraph' }],
  ['git@gitlab.com:sourcegraph/ui/sourcegraph-frontend.git', { host: 'gitlab.com', repository: 'sourcegraph/ui/sourcegraph-frontend' }],
  ['git@github.com:philipp-spiess/philippspiess.com.git', { host: 'github.com', repository: 'philipp-spiess/philippspiess.com' }],
  ['https://github.com/owner/owner.github.io.git', { host: 'github.com', repository: 'owner/owner.github.io' }],
  ['https://dev.azure.com/org/proj/_git/repo', { host: 'dev.azure.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['git@ssh.dev.azure.com:v3/org/proj/repo', { host: 'dev.azure.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['https://bitbucket.corp/scm/PROJ/repo.git', { host: 'bitbucket.corp', repository: 'PROJ/repo', hint: 'bitbucket-server' }],
  ['https://x-access-token:ghp_xxx@github.com/o/r.git', { host: 'github.com', repository: 'o/r' }],
  // An ssh alias: the host is the alias, and the provider is asked for (or resolved) by the caller.
  ['github:sourcegraph/sourcegraph', { host: 'github', repository: 'sourcegraph/sourcegraph' }],

  // GitLab keeps every namespace level.
  ['git@gitlab.com:group/sub/repo.git', { host: 'gitlab.com', repository: 'group/sub/repo' }],
  ['https://gitlab.com/group/sub/deeper/repo/', { host: 'gitlab.com', repository: 'group/sub/deeper/repo' }],
  ['https://oauth2:glpat-secret@gitlab.example.com:8443/a/b/c.git', { host: 'gitlab.example.com', repository: 'a/b/c' }],
  ['ssh://git@gitlab.example.com:2222/a/b/c.git', { host: 'gitlab.example.com', repository: 'a/b/c' }],
  ['ssh://git@altssh.gitlab.com:443/group/repo.git', { host: 'gitlab.com', repository: 'group/repo' }],
  // GitHub: first two segments, aliases folded, host lowercased, name case kept.
  ['https://github.com/o/r/tree/main', { host: 'github.com', repository: 'o/r' }],
  ['HTTPS://GitHub.COM/Owner/Repo', { host: 'github.com', repository: 'Owner/Repo' }],
  ['ssh://git@ssh.github.com:443/o/r.git', { host: 'github.com', repository: 'o/r' }],
  ['git+ssh://git@github.com/o/r.git', { host: 'github.com', repository: 'o/r' }],
  ['git://github.com/o/r.git', { host: 'github.com', repository: 'o/r' }],
  ['git://git.example.org:9418/o/r', { host: 'git.example.org', repository: 'o/r' }],
  ['https://github.com/o', undefined],
  ['https://github.com/', undefined],
  // '.git' goes once, at the end only; trailing slashes go first.
  ['https://github.com/o/r.git/', { host: 'github.com', repository: 'o/r' }],
  ['https://github.com/o/r.git.git', { host: 'github.com', repository: 'o/r.git' }],
  ['https://github.com/o/r.github.git', { host: 'github.com', repository: 'o/r.github' }],
  ['https://github.com/o/r///', { host: 'github.com', repository: 'o/r' }],
  ['  git@github.com:o/r.git \n', { host: 'github.com', repository: 'o/r' }],
  ['git@github.com:/o/r.git', { host: 'github.com', repository: 'o/r' }],
  ['https://github.com/o/r.git?x=1#y', { host: 'github.com', repository: 'o/r' }],
  // Bitbucket Cloud and Server/DC.
  ['git@bitbucket.org:workspace/repo.git', { host: 'bitbucket.org', repository: 'workspace/repo' }],
  ['https://someone@bitbucket.org/workspace/repo.git', { host: 'bitbucket.org', repository: 'workspace/repo' }],
  ['ssh://git@bitbucket.corp:7999/proj/repo.git', { host: 'bitbucket.corp', repository: 'proj/repo' }],
  ['https://admin:pw@bitbucket.corp:8443/bitbucket/scm/PROJ/repo.git', { host: 'bitbucket.corp', repository: 'PROJ/repo', hint: 'bitbucket-server' }],
  ['https://bitbucket.corp/scm/~someone/repo.git', { host: 'bitbucket.corp', repository: '~someone/repo', hint: 'bitbucket-server' }],
  ['https://gitlab.com/scm/a/b', { host: 'gitlab.com', repository: 'scm/a/b' }],
  // Azure DevOps, every form, URL-decoded.
  ['https://org@dev.azure.com/org/proj/_git/repo', { host: 'dev.azure.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['https://dev.azure.com/org/My%20Project/_git/My%20Repo', { host: 'dev.azure.com', repository: 'org/My Project/My Repo', hint: 'azure-devops' }],
  ['https://dev.azure.com/org/My Project/_git/repo', { host: 'dev.azure.com', repository: 'org/My Project/repo', hint: 'azure-devops' }],
  ['git@ssh.dev.azure.com:v3/org/My%20Project/repo', { host: 'dev.azure.com', repository: 'org/My Project/repo', hint: 'azure-devops' }],
  ['ssh://git@ssh.dev.azure.com/v3/org/proj/repo', { host: 'dev.azure.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['https://dev.azure.com/org/_git/repo', { host: 'dev.azure.com', repository: 'org/repo/repo', hint: 'azure-devops' }],
  ['https://org.visualstudio.com/DefaultCollection/proj/_git/repo', { host: 'org.visualstudio.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['https://org.visualstudio.com/proj/_git/repo', { host: 'org.visualstudio.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['org@vs-ssh.visualstudio.com:v3/org/proj/repo', { host: 'vs-ssh.visualstudio.com', repository: 'org/proj/repo', hint: 'azure-devops' }],
  ['https://dev.azure.com/org/proj/_git/bad%zzname', undefined],
  ['https://dev.azure.com/org/proj', undefined],
  // Local paths and what git would not read as a remote we can name.
  ['./relative/repo', undefined],
  ['../repo.git', undefined],
  ['~/src/repo.git', undefined],
  ['C:\\src\\repo', undefined],
  ['C:/src/repo', undefined],
  ['\\\\server\\share\\repo', undefined],
  ['FILE:///opt/repo', undefined],
  ['ext::ssh -i key host path', undefined],
  ['ftp://host/o/r.git', undefined],
  ['ssh://git@github.com:o/r.git', undefined],
  ['not a remote', undefined],
  ['', undefined],
  ['host:', undefined],
];

// Remotes with credentials in them; none of the secrets may reach a result.
const SECRET_REMOTES: ReadonlyArray<readonly [string, string]> = [
  ['https://x-access-token:ghp_xxx@github.com/o/r.git', 'ghp_xxx'],
  ['http://rmacfarlane:password@www.github.com/Microsoft/vscode', 'password'],
  ['https://oauth2:glpat-secret@gitlab.example.com/a/b.git', 'glpat-secret'],
  ['https://ghp_tokenonly@github.com/o/r.git', 'ghp_tokenonly'],
  ['https://user:p%40ss@github.com/o/r.git', 'p%40ss'],
  ['https://user:tok/en@github.com/o/r.git', 'tok/en'],
  ['https://tok/en@github.com/o/r.git', 'en@'],
  ['user:secret@github.com:o/r.git', 'secret'],
  ['https://org:azurepat@dev.azure.com/org/proj/_git/repo', 'azurepat'],
];

describe('parseGitRemote', () => {
  for (const [input, expected] of PARSED) {
    it(`${JSON.stringify(input)} → ${expected ? `${expected.host} ${expected.repository}` : 'undefined'}`, () => {
      assert.deepEqual(parseGitRemote(input), expected);
    });
  }

  for (const [input, secret] of SECRET_REMOTES) {
    it(`never returns the credentials of ${redactRemoteUrl(input)}`, () => {
      assert.ok(!JSON.stringify(parseGitRemote(input) ?? null).includes(secret));
    });
  }
});

describe('redactRemoteUrl', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['https://x-access-token:ghp_xxx@github.com/o/r.git', 'https://github.com/o/r.git'],
    ['http://rmacfarlane:password@www.github.com/Microsoft/vscode', 'http://www.github.com/Microsoft/vscode'],
    ['https://user:p%40ss@host:8443/o/r?x=a@b', 'https://host:8443/o/r?x=a@b'],
    ['https://a@b@host/o/r', 'https://host/o/r'],
    ['https://user:tok/en@github.com/o/r.git', 'https://github.com/o/r.git'],
    ['ssh://git@github.com:22/o/r', 'ssh://github.com:22/o/r'],
    ['git@github.com:o/r.git', 'github.com:o/r.git'],
    ['user:secret@github.com:o/r.git', 'github.com:o/r.git'],
    ['https://github.com/o/r.git', 'https://github.com/o/r.git'],
    ['/home/a@b/repo', '/home/a@b/repo'],
    ['C:\\Users\\a@b\\repo', 'C:\\Users\\a@b\\repo'],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => assert.equal(redactRemoteUrl(input), expected));
  }

  for (const [input, secret] of SECRET_REMOTES) {
    it(`hides the credentials of ${redactRemoteUrl(input)}`, () => assert.ok(!redactRemoteUrl(input).includes(secret)));
  }
});

describe('normalizeGitHost', () => {
  const cases: ReadonlyArray<readonly [string, string | undefined]> = [
    ['github.com', 'github.com'],
    ['WWW.GitHub.com', 'github.com'],
    ['GitLab.Corp:8443', 'gitlab.corp'],
    ['https://gitlab.corp/', 'gitlab.corp'],
    ['https://user:pw@gitlab.corp:8443/some/path', 'gitlab.corp'],
    ['ssh://git@Code.Corp:7999', 'code.corp'],
    ['  bitbucket.org  ', 'bitbucket.org'],
    ['', undefined],
    ['https://', undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(normalizeGitHost(input), expected));
  }
});
