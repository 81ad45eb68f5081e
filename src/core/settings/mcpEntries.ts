// Editing the MCP server lists: reading what the person typed for args and env the way the server reads the
// string forms (shlex-like args, "A=1, B=2" env), and changing one entry of a list without touching the rest.
import { l10n } from '../../base/l10n';
import type { McpConfig, McpRemoteServer, McpStdioServer } from '../../api/model/settings';

/** The three MCP server lists of `mcp_config`. */
export type McpListKey = 'sse_servers' | 'shttp_servers' | 'stdio_servers';

const ENV_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** Splits arguments at spaces, keeping quoted parts together: `-y "a b" c` → ['-y', 'a b', 'c']. */
export function splitArgs(text: string): Result<string[]> {
  const args: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote) return { ok: false, problem: l10n.t('Invalid argument format: No closing quotation.') };
  if (started) args.push(current);
  return { ok: true, value: args };
}

/** Reads `NAME=value, OTHER=x=y` into an env object, with the server's rules for names and pairs. */
export function parseEnv(text: string): Result<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const pair of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq < 0) return { ok: false, problem: l10n.t('Environment variable \'{0}\' must be in KEY=VALUE format.', pair) };
    const name = pair.slice(0, eq).trim();
    if (!ENV_NAME.test(name)) return { ok: false, problem: l10n.t('Invalid environment variable name \'{0}\': use letters, digits and underscores, not starting with a digit.', name) };
    env[name] = pair.slice(eq + 1).trim();
  }
  return { ok: true, value: env };
}

export type McpEntry = McpRemoteServer | McpStdioServer;

export function isRemoteEntry(entry: McpEntry): entry is McpRemoteServer {
  return typeof (entry as Partial<McpRemoteServer>).url === 'string';
}

/** What identifies an entry to a person: its URL, or its name for stdio servers. */
export function entryName(entry: McpEntry): string {
  return isRemoteEntry(entry) ? entry.url : entry.name;
}

/** The config with one entry replaced (index given) or added (no index); the other lists stay as they were. */
export function withEntry(config: McpConfig | null | undefined, list: McpListKey, entry: McpEntry, index?: number): McpConfig {
  const entries: McpEntry[] = [...(config?.[list] ?? [])];
  if (index === undefined) entries.push(entry);
  else entries[index] = entry;
  return { ...emptyLists(config), [list]: entries };
}

export function withoutEntry(config: McpConfig | null | undefined, list: McpListKey, index: number): McpConfig {
  const entries: McpEntry[] = [...(config?.[list] ?? [])];
  entries.splice(index, 1);
  return { ...emptyLists(config), [list]: entries };
}

function emptyLists(config: McpConfig | null | undefined): McpConfig {
  return { sse_servers: config?.sse_servers ?? [], stdio_servers: config?.stdio_servers ?? [], shttp_servers: config?.shttp_servers ?? [] };
}

/** Where an entry is in a freshly loaded list: at its old place if it is still there, else wherever it moved. */
export function currentIndex(config: McpConfig | null | undefined, list: McpListKey, entry: McpEntry, oldIndex: number): number | undefined {
  const entries: McpEntry[] = config?.[list] ?? [];
  if (entries[oldIndex] && entryName(entries[oldIndex]) === entryName(entry)) return oldIndex;
  const found = entries.findIndex((e) => entryName(e) === entryName(entry));
  return found < 0 ? undefined : found;
}
