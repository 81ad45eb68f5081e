import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedSettings } from '../../../src/api/model/settings';
import { Incoming } from '../../../src/api/v0/schemas';
import { buildSettingsBody } from '../../../src/api/v0/settingsBody';

/** A GET answer as the real server gives it: secrets null, flags set, secrets_store constant. */
function loaded(extra: Record<string, unknown> = {}): LoadedSettings {
  return Incoming().LoadedSettings.parse({
    language: 'en', agent: 'CodeActAgent', max_iterations: 50, security_analyzer: null, confirmation_mode: false,
    llm_model: 'anthropic/claude', llm_api_key: null, llm_base_url: null, remote_runtime_resource_factor: null,
    secrets_store: { provider_tokens: {} }, enable_default_condenser: true, enable_sound_notifications: false,
    enable_proactive_conversation_starters: true, enable_solvability_analysis: true, user_consents_to_analytics: true,
    sandbox_base_container_image: null, sandbox_runtime_container_image: null,
    mcp_config: { sse_servers: [{ url: 'http://mcp.local/sse', api_key: 'mcp-secret' }], stdio_servers: [], shttp_servers: [] },
    search_api_key: null, sandbox_api_key: null, max_budget_per_task: 2.5, email: null, email_verified: null,
    git_user_name: 'octo', git_user_email: 'octo@example.com',
    provider_tokens_set: { github: null }, llm_api_key_set: true, search_api_key_set: true, ...extra,
  });
}

describe('buildSettingsBody', () => {
  it('changes only the edited field and keeps every other stored field', () => {
    const current = loaded();
    const { body, issues } = buildSettingsBody(current, { confirmation_mode: true });
    assert.deepEqual(issues, []);
    assert.equal(body.confirmation_mode, true);
    for (const key of ['language', 'agent', 'max_iterations', 'llm_model', 'mcp_config', 'max_budget_per_task', 'git_user_name', 'user_consents_to_analytics']) {
      assert.deepEqual(body[key], current[key as keyof LoadedSettings], key);
    }
  });

  it('leaves untouched secrets, load-only flags and secrets_store out, so the server keeps them', () => {
    const { body } = buildSettingsBody(loaded(), { llm_model: 'openai/gpt-5' });
    for (const key of ['llm_api_key', 'search_api_key', 'sandbox_api_key', 'llm_api_key_set', 'search_api_key_set', 'provider_tokens_set', 'secrets_store']) {
      assert.ok(!(key in body), `${key} must not be sent`);
    }
  });

  it('sends a secret the person set, "" for one they cleared, and treats null as keep', () => {
    assert.equal(buildSettingsBody(loaded(), { llm_api_key: 'sk-new' }).body.llm_api_key, 'sk-new');
    assert.equal(buildSettingsBody(loaded(), { search_api_key: '' }).body.search_api_key, '');
    assert.ok(!('llm_api_key' in buildSettingsBody(loaded(), { llm_api_key: null }).body));
  });

  it('sends back fields a newer server added, so saving does not erase them', () => {
    const { body, issues } = buildSettingsBody(loaded({ condenser_max_size: 120 }), { agent: 'BrowsingAgent' });
    assert.equal(body.condenser_max_size, 120);
    assert.deepEqual(issues, []);
  });

  it('starts from nothing on a fresh server', () => {
    const { body } = buildSettingsBody(null, { llm_model: 'm', llm_api_key: 'k' });
    assert.deepEqual(body, { llm_model: 'm', llm_api_key: 'k' });
  });

  it('reports an MCP entry the server would refuse, with the server\'s own words', () => {
    const { issues } = buildSettingsBody(loaded(), { mcp_config: { sse_servers: [{ url: 'mcp.local/sse' }] } });
    assert.equal(issues[0]?.message, 'URL must include a scheme (http:// or https://)');
    assert.deepEqual(issues[0]?.path, ['mcp_config', 'sse_servers', 0, 'url']);
  });
});
