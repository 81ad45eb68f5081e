// The extension's settings model: the fields the settings panel shows and edits, whatever API line keeps them on
// the server. It is the client's own, owned by no wire format. Its field names are those of V0's /api/settings,
// which the panel has always spoken: V0's adapter validates them with its wire schemas and sends them as they
// are (v0/schemas.ts, v0/settingsBody.ts); V1's maps each to its place in the nested V1 settings
// (v1/settingsMapping.ts). A field added here gets a schema in v0/schemas.ts and a place (or none) in V1's map.

/** The fields whose values the server treats as secrets: a load always answers them with null. */
export const SECRET_SETTING_FIELDS = ['llm_api_key', 'search_api_key', 'sandbox_api_key'] as const;
export type SecretSettingField = (typeof SECRET_SETTING_FIELDS)[number];

/** An SSE or streamable-HTTP MCP server. */
export interface McpRemoteServer {
  url: string;
  api_key?: string | null;
}

export interface McpStdioServer {
  name: string;
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

export interface McpConfig {
  sse_servers?: McpRemoteServer[];
  stdio_servers?: McpStdioServer[];
  shttp_servers?: McpRemoteServer[];
}

export interface UserSecrets {
  provider_tokens?: Record<string, unknown>;
  custom_secrets?: Record<string, unknown>;
}

/** The settings as saved: every field optional, null where unset. */
export interface Settings {
  language?: string | null;
  agent?: string | null;
  max_iterations?: number | null;
  security_analyzer?: string | null;
  confirmation_mode?: boolean | null;
  llm_model?: string | null;
  llm_api_key?: string | null;
  llm_base_url?: string | null;
  remote_runtime_resource_factor?: number | null;
  secrets_store?: UserSecrets;
  enable_default_condenser?: boolean;
  enable_sound_notifications?: boolean;
  enable_proactive_conversation_starters?: boolean;
  enable_solvability_analysis?: boolean;
  user_consents_to_analytics?: boolean | null;
  sandbox_base_container_image?: string | null;
  sandbox_runtime_container_image?: string | null;
  mcp_config?: McpConfig | null;
  search_api_key?: string | null;
  sandbox_api_key?: string | null;
  max_budget_per_task?: number | null;
  email?: string | null;
  email_verified?: boolean | null;
  git_user_name?: string | null;
  git_user_email?: string | null;
}

/**
 * The settings as loaded: the switches at their effective values, and secrets only as flags (their values come
 * back null). The object also holds any field a newer server added, so a save can send it back unchanged.
 */
export interface LoadedSettings extends Settings {
  enable_default_condenser: boolean;
  enable_sound_notifications: boolean;
  enable_proactive_conversation_starters: boolean;
  enable_solvability_analysis: boolean;
  llm_api_key_set: boolean;
  /** Provider → host of the git tokens the server holds; a null host is the provider's own domain. */
  provider_tokens_set?: Record<string, string | null> | null;
  search_api_key_set: boolean;
}

export type SettingsField = keyof Settings;

/** Every field of the model, in the order a server lists them (and the settings document shows them). */
export const SETTINGS_FIELDS = [
  'language', 'agent', 'max_iterations', 'security_analyzer', 'confirmation_mode', 'llm_model', 'llm_api_key',
  'llm_base_url', 'remote_runtime_resource_factor', 'secrets_store', 'enable_default_condenser',
  'enable_sound_notifications', 'enable_proactive_conversation_starters', 'enable_solvability_analysis',
  'user_consents_to_analytics', 'sandbox_base_container_image', 'sandbox_runtime_container_image', 'mcp_config',
  'search_api_key', 'sandbox_api_key', 'max_budget_per_task', 'email', 'email_verified', 'git_user_name',
  'git_user_email',
] as const satisfies readonly SettingsField[];

/** The flags only a load carries, after the fields; a save never sends them. */
export const LOADED_FLAGS = ['llm_api_key_set', 'provider_tokens_set', 'search_api_key_set'] as const satisfies readonly (keyof LoadedSettings)[];

/** A change to the stored settings. A secret set to "" clears it; a secret absent or null is kept. */
export type SettingsChange = Omit<Settings, 'secrets_store'>;
