// `openhands.runtimeHosts`: per server URL, the hosts its conversations' runtimes (agent servers) live on, for a
// self-hosted OpenHands whose runtimes each have a host of their own. A hand-edited settings.json can hold
// anything: keys are matched as server URLs are normalised, and patterns are kept only in a form the rule reads.
import { parseRuntimeHostPatterns } from '../../api/http/agentHosts';
import { normalizeServerUrl } from './serverUrl';

/** The runtime host patterns set for the server at `serverUrl` (normalised), or none. */
export function runtimeHostsFor(setting: unknown, serverUrl: string): readonly string[] {
  if (typeof setting !== 'object' || setting === null || Array.isArray(setting)) return [];
  for (const [key, patterns] of Object.entries(setting as Record<string, unknown>)) {
    const url = normalizeServerUrl(key);
    if (url.ok && url.url === serverUrl && Array.isArray(patterns)) return parseRuntimeHostPatterns(patterns);
  }
  return [];
}
