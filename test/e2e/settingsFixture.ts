// The agent settings the Settings panel suites and scenarios seed the contract server with: every group of
// the panel has a value, and every kind of secret the server keeps (LLM key, search key, MCP api_keys, MCP env
// values) has a distinctive value the tests look for where it must not be. No sandbox_api_key: the V0 API never
// reports it, so no client can keep it across an edit (the server resets it on every POST that omits it).
// Node built-ins only: host suites (in the extension host) and UI scenarios (in the harness) both load it.

export const SECRETS = {
  llmApiKey: 'sk-e2e-llm-4d9f2a61',
  searchApiKey: 'tvly-e2e-search-7c1e05',
  sseApiKey: 'mcp-e2e-sse-key-91b2c4',
  shttpApiKey: 'mcp-e2e-shttp-key-55aa03',
  stdioEnvValue: 'env-e2e-token-0f3c77',
} as const;

export const SEEDED_SETTINGS = {
  language: 'de',
  agent: 'CodeActAgent',
  max_iterations: 60,
  security_analyzer: 'llm',
  confirmation_mode: false,
  llm_model: 'anthropic/claude-sonnet-4-20250514',
  llm_api_key: SECRETS.llmApiKey,
  llm_base_url: 'https://llm.example.test/v1',
  remote_runtime_resource_factor: 2,
  enable_default_condenser: false,
  enable_sound_notifications: true,
  enable_proactive_conversation_starters: false,
  enable_solvability_analysis: true,
  user_consents_to_analytics: true,
  sandbox_base_container_image: 'python:3.12-bookworm',
  mcp_config: {
    sse_servers: [{ url: 'https://mcp.example.test/sse', api_key: SECRETS.sseApiKey }],
    shttp_servers: [{ url: 'https://mcp.example.test/mcp', api_key: SECRETS.shttpApiKey }],
    stdio_servers: [{ name: 'fetch', command: 'uvx', args: ['mcp-server-fetch', '--timeout', '30'], env: { FETCH_TOKEN: SECRETS.stdioEnvValue } }],
  },
  search_api_key: SECRETS.searchApiKey,
  max_budget_per_task: 12.5,
  git_user_name: 'E2E Agent',
  git_user_email: 'agent@example.test',
} as const;

/** Stores `settings` as the first save of a person in the web UI would: POST /api/settings with the session key. */
export async function seedSettings(serverUrl: string, sessionApiKey: string, settings: object = SEEDED_SETTINGS): Promise<void> {
  const response = await fetch(`${serverUrl}/api/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-api-key': sessionApiKey },
    body: JSON.stringify(settings),
  });
  if (response.status !== 200) throw new Error(`seeding the settings: HTTP ${response.status} ${await response.text()}`);
}

/** A FastAPI 422 body as OpenHands answers a POST /api/settings whose field at `loc` fails validation. */
export function fastApi422(loc: readonly (string | number)[], msg: string, input: unknown, type = 'value_error'): string {
  return JSON.stringify({ detail: [{ type, loc: ['body', ...loc], msg, input }] });
}
