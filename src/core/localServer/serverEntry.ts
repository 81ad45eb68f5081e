// The local agent server in `openhands.servers`, so that Switch Server offers it beside the person's other servers:
// one entry, kept current when its port changes (the old entry replaced, not a second one added).
import { normalizeServerUrl } from '../connection/serverUrl';

export function localServerUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}


function entryUrl(entry: unknown): string | undefined {
  const url = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).url : undefined;
  const normalized = typeof url === 'string' ? normalizeServerUrl(url) : undefined;
  return normalized?.ok ? normalized.url : undefined;
}

/** The list with `{name, url}` in place of the entry at `url` or `previousUrl`, or added at the end; unchanged entries kept as they were. */
export function withLocalServer(servers: readonly unknown[], name: string, url: string, previousUrl?: string): unknown[] {
  const replaced = new Set([url, previousUrl].filter(Boolean));
  const kept = servers.filter((entry) => !replaced.has(entryUrl(entry) ?? ''));
  const at = servers.findIndex((entry) => replaced.has(entryUrl(entry) ?? ''));
  const entry = { name, url };
  if (at < 0) return [...kept, entry];
  const before = servers.slice(0, at).filter((each) => kept.includes(each));
  return [...before, entry, ...kept.slice(before.length)];
}
