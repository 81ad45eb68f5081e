import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedSettings } from '../../../src/api/model/settings';
import { fieldSpec, parseInput } from '../../../src/core/settings/fieldInput';
import { resetValue, settingsGroups } from '../../../src/core/settings/settingsFields';
import { buildSettingsTree, type SettingsNode } from '../../../src/core/settings/settingsTree';

const SECRETS = ['sk-llm-SECRET', 'mcp-SECRET', 'env-SECRET', 'ghp_SECRET'];

function seeded(extra: Record<string, unknown> = {}): LoadedSettings {
  return {
    // The switches at the defaults a loaded model always carries.
    enable_default_condenser: true, enable_proactive_conversation_starters: true, enable_solvability_analysis: true,
    llm_model: 'anthropic/claude', llm_api_key: null, llm_api_key_set: true, search_api_key_set: false,
    confirmation_mode: true, max_iterations: 30, enable_sound_notifications: false,
    mcp_config: {
      sse_servers: [{ url: 'http://mcp.local/sse', api_key: 'mcp-SECRET' }],
      shttp_servers: [{ url: 'https://mcp.example/mcp', api_key: null }],
      stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y', 'server-fs'], env: { TOKEN: 'env-SECRET' } }],
    },
    provider_tokens_set: { github: null, gitlab: 'gitlab.corp' },
    ...extra,
  };
}

function flatten(nodes: readonly SettingsNode[]): SettingsNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

function leaf(nodes: readonly SettingsNode[], id: string): SettingsNode {
  const found = flatten(nodes).find((n) => n.id === id);
  assert.ok(found, `no node ${id}`);
  return found;
}

describe('settings tree', () => {
  it('has the groups of the panel in order, every settings field in exactly one of them', () => {
    const tree = buildSettingsTree(seeded());
    assert.deepEqual(tree.map((g) => g.label), ['LLM', 'Agent', 'Sandbox', 'Search', 'Git identity', 'MCP servers', 'Features', 'Account', 'Git providers']);
    const fields = settingsGroups().flatMap((g) => g.fields.map((f) => f.field));
    assert.equal(new Set(fields).size, fields.length);
    // Everything but secrets_store (never shown) and mcp_config (its own group) has a leaf.
    assert.equal(fields.length, 23);
  });

  it('shows values as descriptions, "not set" and defaults', () => {
    const tree = buildSettingsTree(seeded());
    assert.equal(leaf(tree, 'field:llm_model').description, 'anthropic/claude');
    assert.equal(leaf(tree, 'field:max_iterations').description, '30');
    assert.equal(leaf(tree, 'field:confirmation_mode').description, 'on');
    assert.equal(leaf(tree, 'field:agent').description, 'not set');
    assert.equal(leaf(tree, 'field:enable_default_condenser').description, 'on (default)');
    assert.equal(leaf(tree, 'field:enable_sound_notifications').description, 'off (default)');
  });

  it('the git providers group says why it opens no settings page where the server serves no web UI', () => {
    const providers = (tree: SettingsNode[]) => tree.find((g) => g.id === 'group:providers');
    assert.equal(providers(buildSettingsTree(seeded()))?.tooltip, 'Git providers');
    assert.equal(providers(buildSettingsTree(seeded(), new Map(), new Set(), { webUi: false }))?.tooltip,
      'Git providers\nThis server serves no web UI, so it has no settings page to add tokens in.');
    assert.equal(providers(buildSettingsTree(seeded(), new Map(), new Set(), { webUi: false, storesTokens: true }))?.tooltip, 'Git providers',
      'where a token can be set from here, nothing to explain');
  });

  it('shows secrets only as set or not set', () => {
    const tree = buildSettingsTree(seeded());
    assert.equal(leaf(tree, 'field:llm_api_key').description, 'set');
    assert.equal(leaf(tree, 'field:search_api_key').description, 'not set');
    assert.match(leaf(tree, 'field:llm_api_key').contextValue, /\bsecretSet\b/);
    assert.equal(leaf(tree, 'mcp:sse_servers:0').description, 'API key set');
    assert.equal(leaf(tree, 'mcp:shttp_servers:0').description, 'no API key');
  });

  it('never puts a secret in a label, description or tooltip', () => {
    const all = flatten(buildSettingsTree(seeded(), new Map([['llm_api_key', 'sk-llm-SECRET']])));
    for (const node of all) {
      for (const text of [node.label, node.description ?? '', node.tooltip]) {
        for (const secret of SECRETS) assert.ok(!text.includes(secret), `${node.id}: ${text}`);
      }
    }
  });

  it('marks an edit as saving until the server confirms it, and offers no action on it meanwhile', () => {
    const node = leaf(buildSettingsTree(seeded(), new Map([['max_iterations', 99]])), 'field:max_iterations');
    assert.equal(node.description, '99 (saving…)');
    assert.doesNotMatch(node.contextValue, /\beditable\b/);
  });

  it('lists MCP servers of each kind and the server\'s git providers', () => {
    const tree = buildSettingsTree(seeded());
    assert.equal(leaf(tree, 'mcp:stdio_servers:0').description, 'npx -y server-fs · env: TOKEN');
    assert.equal(leaf(tree, 'provider:github').description, 'github.com');
    assert.equal(leaf(tree, 'provider:github').label, 'GitHub');
    assert.equal(leaf(tree, 'provider:gitlab').tooltip, 'The server has a GitLab token for gitlab.corp.');
    assert.equal(leaf(tree, 'provider:gitlab').description, 'gitlab.corp');
    assert.equal(leaf(buildSettingsTree(seeded({ provider_tokens_set: {} })), 'provider:none').contextValue, 'providerTokens');
  });

  it('offers Set Token on the providers\' lines only where the server lets a client store a token, with each line\'s provider and host', () => {
    const settable = buildSettingsTree(seeded(), new Map(), new Set(), { storesTokens: true });
    assert.equal(leaf(settable, 'provider:gitlab').contextValue, 'providerTokens tokenSettable');
    assert.deepEqual(leaf(settable, 'provider:gitlab').provider, { name: 'gitlab', host: 'gitlab.corp' });
    const none = leaf(buildSettingsTree(seeded({ provider_tokens_set: {} }), new Map(), new Set(), { storesTokens: true }), 'provider:none');
    assert.equal(none.contextValue, 'providerTokens tokenSettable');
    assert.equal(none.provider, undefined, 'the line that says there are none asks which provider');
    assert.equal(leaf(buildSettingsTree(seeded()), 'provider:github').contextValue, 'providerTokens');
  });

  it('offers reset only where the value differs from what reset would give', () => {
    const tree = buildSettingsTree(seeded());
    assert.match(leaf(tree, 'field:confirmation_mode').contextValue, /\bresettable\b/);
    assert.doesNotMatch(leaf(tree, 'field:agent').contextValue, /\bresettable\b/);
    assert.doesNotMatch(leaf(tree, 'field:enable_default_condenser').contextValue, /\bresettable\b/);
    assert.doesNotMatch(leaf(tree, 'field:user_consents_to_analytics').contextValue, /\bresettable\b/);
    assert.doesNotMatch(leaf(tree, 'field:email').contextValue, /\beditable\b/);
  });
});

describe('settings fields', () => {
  it('validate numbers as the panel promises', () => {
    const iterations = fieldSpec('max_iterations')!;
    const budget = fieldSpec('max_budget_per_task')!;
    assert.deepEqual(parseInput(iterations, '12'), { ok: true, value: 12 });
    assert.equal(parseInput(iterations, '0').ok, false);
    assert.equal(parseInput(iterations, '1.5').ok, false);
    assert.equal(parseInput(iterations, 'ten').ok, false);
    assert.deepEqual(parseInput(iterations, ''), { ok: true, value: null });
    assert.deepEqual(parseInput(budget, '0'), { ok: true, value: 0 });
    assert.equal(parseInput(budget, '-1').ok, false);
  });

  it('unset the kept fields with "" and never unset analytics consent', () => {
    assert.equal(resetValue(fieldSpec('llm_base_url')!), '');
    assert.equal(resetValue(fieldSpec('agent')!), null);
    assert.equal(resetValue(fieldSpec('enable_default_condenser')!), true);
    assert.equal(resetValue(fieldSpec('user_consents_to_analytics')!), undefined);
    assert.deepEqual(parseInput(fieldSpec('llm_base_url')!, '  '), { ok: true, value: '' });
  });
});

describe('a server that does not keep some fields', () => {
  it('leaves those fields out, and the MCP group with mcp_config', () => {
    const tree = buildSettingsTree(seeded({}), new Map(), new Set(['enable_solvability_analysis', 'mcp_config'] as const));
    assert.ok(!tree.some((group) => group.id === 'group:mcp'));
    const features = tree.find((group) => group.id === 'group:features');
    assert.ok(features?.children?.length);
    assert.ok(!features.children.some((node) => node.id === 'field:enable_solvability_analysis'));
  });
});

describe('settings tree on a server that keeps only some fields', () => {
  // As an agent server's settings read: its own sections only, no git provider tokens reported.
  const agentHidden = new Set(settingsGroups().flatMap((g) => g.fields.map((f) => f.field))
    .filter((field) => !['llm_model', 'llm_base_url', 'llm_api_key', 'max_iterations', 'confirmation_mode'].includes(field)));

  it('shows no group of which the server keeps no field, and no git providers where it reports none', () => {
    const settings: LoadedSettings = seeded();
    delete settings.provider_tokens_set;
    const tree = buildSettingsTree(settings, new Map(), new Set([...agentHidden, 'mcp_config']), { webUi: false });
    assert.deepEqual(tree.map((g) => g.label), ['LLM', 'Agent']);
    assert.deepEqual(tree.map((g) => g.children?.map((c) => c.label)), [['Model', 'Base URL', 'API key'], ['Max iterations', 'Confirmation mode']]);
  });

  it('keeps the git providers group where the server reports tokens, even none', () => {
    const tree = buildSettingsTree(seeded({ provider_tokens_set: {} }), new Map(), agentHidden, { webUi: false });
    assert.deepEqual(tree.map((g) => g.label), ['LLM', 'Agent', 'MCP servers', 'Git providers']);
  });
});
