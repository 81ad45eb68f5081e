// Turns a git remote URL into the host and the repository name OpenHands expects.
// Grammar: git's urls.txt. Provider path rules and test vectors: shared/reference/anchors.md §7.6.
// Userinfo (it can hold a token) is dropped on the way in and never appears in a result.

/** What a remote URL's shape says about its provider, independent of the host name. */
export type RemoteHint = 'azure-devops' | 'bitbucket-server';

export interface GitRemote {
  /** Lowercase host name without port or credentials, with aliases folded (`www.github.com` → `github.com`). */
  readonly host: string;
  /** `owner/repo`, `group/sub/repo`, `PROJ/repo` or `org/project/repo`: the `repository` of a new conversation. */
  readonly repository: string;
  readonly hint?: RemoteHint;
}

const URL_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const GIT_SCHEMES = new Set(['https', 'http', 'ssh', 'git', 'git+ssh', 'ssh+git']);
// git recognizes scp-like `[user@]host:path` only when no slash comes before the first colon.
const SCP_LIKE = /^(?:[^@/:]+@)?([^@/:]+):(.+)$/;
const WINDOWS_DRIVE = /^[a-z]:([\\/]|$)/i;
// `<transport>::<address>` hands the URL to a remote helper; its address is not ours to interpret.
const REMOTE_HELPER = /^[a-z][a-z0-9+.-]*::/i;

// Other names for the same service, so provider matching sees one host.
const HOST_ALIASES: Readonly<Record<string, string>> = {
  'www.github.com': 'github.com',
  'ssh.github.com': 'github.com',
  'altssh.gitlab.com': 'gitlab.com',
  'altssh.bitbucket.org': 'bitbucket.org',
  'ssh.dev.azure.com': 'dev.azure.com',
};

/** Parses a git remote URL; undefined for local paths, `file://` and anything unparseable. */
export function parseGitRemote(url: string): GitRemote | undefined {
  const location = splitRemote(url.trim());
  if (!location) return undefined;
  // An '@' past the host is most likely a mistyped credential: refuse rather than risk echoing it.
  if (location.path.includes('@')) return undefined;
  const segments = location.path.replace(/\/+$/, '').replace(/\.git$/, '').split('/').filter((s) => s.length > 0);
  if (segments.length === 0) return undefined;
  return remoteFor(location.host, segments);
}

/** Normalizes a host as written in a setting or a server token (`GitLab.Corp:8443`, `https://host/`) like a remote's host. */
export function normalizeGitHost(value: string): string | undefined {
  const trimmed = value.trim();
  const url = tryParseUrl(URL_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`);
  return url?.hostname ? canonicalHost(url.hostname) : undefined;
}

/** The remote URL without its userinfo, for display and logs. */
export function redactRemoteUrl(url: string): string {
  const scheme = URL_SCHEME.exec(url);
  if (!scheme && isLocalPath(url)) return url;
  const start = scheme ? scheme[0].length : 0;
  const queryStart = url.slice(start).search(/[?#]/);
  const end = queryStart < 0 ? url.length : start + queryStart;
  // The last '@' ends the userinfo, as URL parsers read it; a malformed URL loses more, never less.
  const at = url.lastIndexOf('@', end - 1);
  return at >= start ? url.slice(0, start) + url.slice(at + 1) : url;
}

function splitRemote(url: string): { host: string; path: string } | undefined {
  const scheme = URL_SCHEME.exec(url);
  if (scheme) {
    if (!GIT_SCHEMES.has(scheme[1].toLowerCase())) return undefined;
    const parsed = tryParseUrl(url);
    return parsed?.hostname ? { host: canonicalHost(parsed.hostname), path: parsed.pathname } : undefined;
  }
  if (isLocalPath(url) || REMOTE_HELPER.test(url)) return undefined;
  const scp = SCP_LIKE.exec(url);
  return scp ? { host: canonicalHost(scp[1]), path: scp[2] } : undefined;
}

function remoteFor(host: string, segments: string[]): GitRemote | undefined {
  if (host === 'dev.azure.com' || host.endsWith('.visualstudio.com')) {
    const repository = azureRepository(host, segments);
    return repository ? { host, repository, hint: 'azure-devops' } : undefined;
  }
  if (host === 'github.com' || host === 'bitbucket.org') {
    // Both name a repository by exactly two segments; anything after them is not part of the name.
    return segments.length >= 2 ? { host, repository: segments.slice(0, 2).join('/') } : undefined;
  }
  const scm = segments.indexOf('scm');
  if (host !== 'gitlab.com' && scm >= 0 && segments.length === scm + 3) {
    return { host, repository: segments.slice(scm + 1).join('/'), hint: 'bitbucket-server' };
  }
  // Full path: GitLab keeps subgroups, and for other hosts it loses nothing.
  return { host, repository: segments.join('/') };
}

// https://dev.azure.com/org/project/_git/repo, ssh v3/org/project/repo,
// https://org.visualstudio.com/[DefaultCollection/]project/_git/repo; a missing project means project = repo.
function azureRepository(host: string, segments: string[]): string | undefined {
  let parts: string[] | undefined;
  if (segments[0] === 'v3') {
    parts = segments.length === 4 ? segments.slice(1) : undefined;
  } else {
    const git = segments.indexOf('_git');
    if (git < 0 || git !== segments.length - 2) return undefined;
    const repo = segments[git + 1];
    const before = segments.slice(0, git);
    const owner = host === 'dev.azure.com' ? before : [host.split('.')[0], ...before.filter((s) => s.toLowerCase() !== 'defaultcollection')];
    if (owner.length === 1) parts = [owner[0], repo, repo];
    else if (owner.length === 2) parts = [...owner, repo];
  }
  try {
    return parts?.map((part) => decodeURIComponent(part)).join('/');
  } catch {
    return undefined;
  }
}

function canonicalHost(hostname: string): string {
  const lower = hostname.toLowerCase();
  return HOST_ALIASES[lower] ?? lower;
}

function isLocalPath(url: string): boolean {
  return /^[/.~\\]/.test(url) || WINDOWS_DRIVE.test(url);
}

function tryParseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
