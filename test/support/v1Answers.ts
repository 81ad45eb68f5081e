// Answers of a real openhands-ai 1.11.0 server, as recorded on this kind of machine (trimmed to what the client
// reads): the starting point of the V1 client's tests.

/** GET /api/v1/settings after a first save of model, key and base URL. */
export function v1SettingsAnswer(): Record<string, unknown> {
  return {
    language: null, remote_runtime_resource_factor: null, secrets_store: { provider_tokens: {} },
    enable_sound_notifications: false, enable_proactive_conversation_starters: true, user_consents_to_analytics: null,
    sandbox_base_container_image: null, sandbox_runtime_container_image: null, search_api_key: null, sandbox_api_key: null,
    max_budget_per_task: null, email: null, email_verified: null, git_user_name: null, git_user_email: null,
    git_full_clone: false, v1_enabled: true,
    agent_settings: {
      schema_version: 4, agent_kind: 'openhands', agent: 'CodeActAgent',
      llm: { model: 'openai/gpt-4o', api_key: null, base_url: 'http://127.0.0.1:9/v1', temperature: null, num_retries: 5 },
      mcp_config: {}, condenser: { enabled: true, max_size: 240 },
    },
    conversation_settings: { schema_version: 1, max_iterations: 500, confirmation_mode: false, security_analyzer: 'llm' },
    provider_tokens_set: {}, llm_api_key_set: true, search_api_key_set: false,
  };
}

/** A start task as POST /api/v1/app-conversations and GET …/start-tasks answer it. */
export function startTask(id: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, created_by_user_id: null, status, detail: null, app_conversation_id: null, sandbox_id: null,
    agent_server_url: null, request: {}, created_at: '2026-11-23T07:24:15Z', updated_at: '2026-11-23T07:24:15Z', ...extra,
  };
}
