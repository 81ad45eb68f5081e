// Where the local agent server keeps its state and what environment it gets. Everything lives in one folder of the
// extension's global storage and stays across restarts: settings, LLM profiles and secrets (OH_PERSISTENCE_DIR),
// the conversations and their workspaces (relative to the working directory), worktrees. The environment is a clean
// one, as scripts/openhands/start-agent.sh gives a test server: the server reads every OH_<FIELD> variable as its
// configuration, so nothing of the person's OH_*, LLM_* or SESSION_API_KEY may leak in. What is kept of the person's
// environment is what running programs as them needs (PATH, HOME, the locale, proxies and certificates) and uv's
// own variables (its cache, its index, a constraints file).
import * as path from 'node:path';

export interface ServerLayout {
  /** The server's working directory: workspace/{conversations,project,bash_events} are relative to it. */
  readonly root: string;
  readonly store: string;
  readonly worktrees: string;
  readonly tmp: string;
  readonly log: string;
  /** pid, port and release of the running server (stateFile.ts), shared by every window. */
  readonly stateFile: string;
  /** Held while a window starts the server, so that two windows starting at once make one server. */
  readonly lockFile: string;
  /** One empty file per extension host (its pid) that has used the server: what VS Code's exit counts (exitPlan.ts). */
  readonly users: string;
  /** Written once a release has answered /ready here: its later starts need no download. */
  readonly readyMarker: (release: string) => string;
}

export function serverLayout(storageDir: string): ServerLayout {
  const root = path.join(storageDir, 'agent-server');
  return {
    root,
    store: path.join(root, 'store'),
    worktrees: path.join(root, 'worktrees'),
    tmp: path.join(root, 'tmp'),
    log: path.join(root, 'server.log'),
    stateFile: path.join(root, 'server.json'),
    lockFile: path.join(root, 'start.lock'),
    users: path.join(root, 'users'),
    readyMarker: (release) => path.join(root, `ready-${release}`),
  };
}

const KEPT = new Set([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ',
  'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy',
  'XDG_CACHE_HOME', 'XDG_DATA_HOME', 'XDG_BIN_HOME',
]);

function kept(name: string): boolean {
  return KEPT.has(name) || name.startsWith('UV_');
}

export interface ServerKeys {
  /** The session key every /api request carries (X-Session-API-Key). */
  readonly sessionKey: string;
  /** Encrypts the stored secrets (the LLM key): the same across restarts, or they cannot be read again. */
  readonly secretKey: string;
}

/** The server's environment: the kept part of `base`, then the server's own variables (which win). */
export function serverEnvironment(base: Readonly<Record<string, string | undefined>>, layout: ServerLayout, keys: ServerKeys): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined && kept(name)) env[name] = value;
  return {
    ...env,
    LANG: env.LANG ?? 'C.UTF-8',
    TMPDIR: layout.tmp,
    PYTHONUNBUFFERED: '1',
    OH_PERSISTENCE_DIR: layout.store,
    OH_CONVERSATION_WORKTREE_ROOT: layout.worktrees,
    OH_SESSION_API_KEYS_0: keys.sessionKey,
    OH_SECRET_KEY: keys.secretKey,
    // No VS Code server, no browser tool (it needs a Chromium), no tool preloading at start (a slower start).
    OH_ENABLE_VSCODE: '0',
    OH_ENABLE_BROWSER: '0',
    OH_PRELOAD_TOOLS: '0',
    // litellm would download its price list at import; the SDK would print a banner.
    LITELLM_LOCAL_MODEL_COST_MAP: 'True',
    OPENHANDS_SUPPRESS_BANNER: '1',
  };
}
