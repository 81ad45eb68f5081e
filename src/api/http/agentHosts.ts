// The one rule for where a conversation's own key may go: the agent server (its runtime) that the configured app
// server named for it. A local server's runtimes share its host or loopback; OpenHands Cloud's and a self-hosted
// Enterprise's each live on a host of their own, under a runtime domain tied to the app's host. The same domain
// also carries hosts that serve what the agent runs (`work-1-…`) and a VS Code URL: those never get a key.
import { isLoopbackHost } from './hosts';

/** Why a conversation's agent server may not receive its key. */
export type AgentHostRefusal = 'scheme' | 'user-info' | 'not-https' | 'port' | 'work-host' | 'not-runtime-host';

export type AgentHostVerdict = { readonly allowed: true } | { readonly allowed: false; readonly refusal: AgentHostRefusal };

/** OpenHands Cloud's app hosts and the domain their runtimes live under (`<runtime id>.prod-runtime.all-hands.dev`). */
const CLOUD_RUNTIME_DOMAINS: Readonly<Record<string, string>> = {
  'app.all-hands.dev': 'prod-runtime.all-hands.dev',
  'staging.all-hands.dev': 'staging-runtime.all-hands.dev',
};

/** Runtime hosts that serve the agent's own apps or an editor, never the agent server. */
const NEVER_AGENT_SERVER = /^(work-\d+-|vscode-)/;

/**
 * Runtime host patterns as a person writes them for an Enterprise server: `*.runtime.example.com` (any strict
 * subdomain) or `runtime.example.com` (that host, for runtimes laid out by path). Each is normalised as the URL
 * parser writes hosts (lower case, punycode); anything else (a scheme, a port, a path, a bare `*`) is dropped.
 */
export function parseRuntimeHostPatterns(patterns: readonly unknown[]): readonly string[] {
  const parsed: string[] = [];
  for (const pattern of patterns) {
    if (typeof pattern !== 'string') continue;
    const wildcard = pattern.startsWith('*.');
    const host = normalisedHost(wildcard ? pattern.slice(2) : pattern);
    if (host && host.includes('.')) parsed.push(wildcard ? `*.${host}` : host);
  }
  return parsed;
}

function normalisedHost(text: string): string | undefined {
  if (!/^[^/:?#@\s*]+$/.test(text)) return undefined;
  try {
    return new URL(`https://${text}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether `agent` (the URL the app server gave for a conversation's agent server) may receive the conversation's
 * key: on the app server's own host or loopback with it, else on https at the default port under a runtime domain
 * of the app's host (Cloud's built in, `runtimeHosts` for others), never a host that serves the agent's apps.
 */
export function agentHostVerdict(app: URL, agent: URL, runtimeHosts: readonly string[] = []): AgentHostVerdict {
  if (agent.protocol !== 'https:' && agent.protocol !== 'http:') return refused('scheme');
  if (agent.username || agent.password) return refused('user-info');
  const host = agent.hostname;
  if (isLoopbackHost(host) && isLoopbackHost(app.hostname)) return { allowed: true };
  if (host === app.hostname) {
    // The app's own host, any port (a local Docker server's runtimes), but never down from https to http.
    return app.protocol === 'https:' && agent.protocol !== 'https:' ? refused('not-https') : { allowed: true };
  }
  if (!isRuntimeHost(host, app.hostname, runtimeHosts)) return refused('not-runtime-host');
  if (NEVER_AGENT_SERVER.test(host)) return refused('work-host');
  if (agent.protocol !== 'https:') return refused('not-https');
  if (agent.port !== '') return refused('port');
  return { allowed: true };
}

function isRuntimeHost(host: string, appHost: string, runtimeHosts: readonly string[]): boolean {
  const cloud = CLOUD_RUNTIME_DOMAINS[appHost];
  const patterns = cloud ? [`*.${cloud}`, ...runtimeHosts] : runtimeHosts;
  return patterns.some((pattern) => pattern.startsWith('*.') ? isStrictSubdomain(host, pattern.slice(2)) : host === pattern);
}

/** `a.b.example.com` and `b.example.com` under `example.com`; not `example.com` itself, nor `xexample.com`. */
function isStrictSubdomain(host: string, domain: string): boolean {
  return host.length > domain.length + 1 && host.endsWith(`.${domain}`);
}

function refused(refusal: AgentHostRefusal): AgentHostVerdict {
  return { allowed: false, refusal };
}
