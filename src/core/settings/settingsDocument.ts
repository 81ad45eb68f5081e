// The loaded settings as a read-only JSON document for people who want to see everything at once. Secrets
// are removed, not masked: the key fields, MCP api_keys and MCP env values.
import { SECRET_SETTING_FIELDS, type LoadedSettings } from '../../api/model/settings';

const REMOVED = [...SECRET_SETTING_FIELDS, 'secrets_store'];

export function settingsDocument(settings: LoadedSettings): string {
  const copy: Record<string, unknown> = { ...settings };
  for (const key of REMOVED) delete copy[key];
  const mcp = settings.mcp_config;
  if (mcp) {
    const hideKey = <T extends { api_key?: string | null }>({ api_key, ...rest }: T) => ({ ...rest, api_key_set: Boolean(api_key) });
    copy.mcp_config = {
      ...mcp,
      sse_servers: (mcp.sse_servers ?? []).map(hideKey),
      shttp_servers: (mcp.shttp_servers ?? []).map(hideKey),
      stdio_servers: (mcp.stdio_servers ?? []).map(({ env, ...rest }) => ({ ...rest, env_names: Object.keys(env ?? {}) })),
    };
  }
  return `${JSON.stringify(copy, null, 2)}\n`;
}
