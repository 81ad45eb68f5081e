// The servers a person keeps in `openhands.servers` (name and URL each), offered by Switch Server. A hand-edited
// settings.json can hold anything: entries whose URL is not usable are left out and named, duplicates kept once.
import { normalizeServerUrl } from './serverUrl';

export interface ServerEntry {
  readonly name: string;
  readonly url: string;
}

export interface ServerChoice extends ServerEntry {
  readonly current: boolean;
}

export function parseServers(value: unknown): { servers: ServerEntry[]; problems: string[] } {
  const servers: ServerEntry[] = [];
  const problems: string[] = [];
  for (const [index, entry] of (Array.isArray(value) ? value : []).entries()) {
    const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const url = normalizeServerUrl(typeof record.url === 'string' ? record.url : '');
    if (!url.ok) {
      problems.push(`openhands.servers[${index}]: ${url.problem}`);
      continue;
    }
    if (servers.some((server) => server.url === url.url)) continue;
    const name = typeof record.name === 'string' && record.name.trim() ? record.name.trim() : url.url;
    servers.push({ name, url: url.url });
  }
  return { servers, problems };
}

/** The choices of Switch Server: the listed servers, and the current one first when the list lacks it. */
export function serverChoices(servers: readonly ServerEntry[], currentUrl: string | undefined): ServerChoice[] {
  const choices = servers.map((server) => ({ ...server, current: server.url === currentUrl }));
  if (currentUrl && !choices.some((choice) => choice.current)) choices.unshift({ name: currentUrl, url: currentUrl, current: true });
  return choices;
}
