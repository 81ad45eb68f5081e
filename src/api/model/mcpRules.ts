// What the server accepts in an MCP server entry, in its own words (openhands-contract.md §2.3): the settings
// wizard checks an entry as it is typed, and V0's wire schemas check it again before it is sent.
import { l10n } from '../../base/l10n';

const MCP_URL_SCHEMES = ['http:', 'https:', 'ws:', 'wss:'];
const STDIO_NAME = /^[a-zA-Z0-9_-]+$/;

/** Returns the server's own complaint about an MCP server URL, or undefined when it would accept it. */
export function mcpUrlProblem(url: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed) return l10n.t('URL cannot be empty');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed);
  if (!scheme) return l10n.t('URL must include a scheme (http:// or https://)');
  // Python's urlsplit finds a host only after "//" (so "http:a.b" has none), up to the path, query or fragment.
  const rest = trimmed.slice(scheme[0].length);
  const host = rest.startsWith('//') ? rest.slice(2).split(/[/?#]/)[0] : '';
  if (!host) return l10n.t('URL must include a valid domain/host');
  if (!MCP_URL_SCHEMES.includes(`${scheme[1].toLowerCase()}:`)) return l10n.t('URL scheme must be http, https, ws, or wss');
  return undefined;
}

/** Returns the server's complaint about a stdio server name, or undefined when it is acceptable. */
export function stdioNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return l10n.t('Server name cannot be empty');
  if (!STDIO_NAME.test(trimmed)) return l10n.t('Server name can only contain letters, numbers, hyphens, and underscores');
  return undefined;
}

/** Returns the server's complaint about a stdio command, or undefined when it is acceptable. */
export function stdioCommandProblem(command: string): string | undefined {
  const trimmed = command.trim();
  if (!trimmed) return l10n.t('Command cannot be empty');
  if (/\s/.test(trimmed)) return l10n.t('Command should be a single executable without spaces (use arguments field for parameters)');
  return undefined;
}
