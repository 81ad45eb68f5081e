// Settings are never lost: random sequences of edits go through the client to the contract server, and the
// stored object must equal what the edits alone would make of it, field by field, secrets included. Some
// steps fire two edits at once, which must both land, in the order they were made.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { type FetchFunction, type SettingsChange, type SettingsUpdater } from '../../../src/api/client';
import { createClient } from '../../../src/api/createClient';
import type { McpConfig } from '../../../src/api/v0/schemas';
import { startContractServer, type ContractServer } from '../../support/standin/contractServer';
import { Random } from '../../support/random';
import { sessionCredential } from '../../../src/api/http/credential';

const SEQUENCES = 500;
type Stored = Record<string, unknown>;
type Edit = { change: SettingsChange | SettingsUpdater; apply: (model: Stored) => void };

const STRING_FIELDS = ['language', 'agent', 'security_analyzer', 'llm_model', 'llm_base_url', 'sandbox_base_container_image', 'git_user_name', 'git_user_email', 'email'];
const BOOL_FIELDS = ['enable_default_condenser', 'enable_sound_notifications', 'enable_proactive_conversation_starters', 'enable_solvability_analysis', 'confirmation_mode', 'user_consents_to_analytics'];
const INT_FIELDS = ['max_iterations', 'remote_runtime_resource_factor'];

function randomEdit(random: Random): Edit {
  const kind = random.int(0, 6);
  if (kind === 0) {
    const field = random.pick(STRING_FIELDS);
    const value = random.word();
    return { change: { [field]: value }, apply: (m) => { m[field] = value; } };
  }
  if (kind === 1) {
    const field = random.pick(BOOL_FIELDS);
    const value = random.chance(0.5);
    return { change: { [field]: value }, apply: (m) => { m[field] = value; } };
  }
  if (kind === 2) {
    const field = random.pick(INT_FIELDS);
    const value = random.int(1, 500);
    return { change: { [field]: value }, apply: (m) => { m[field] = value; } };
  }
  if (kind === 3) {
    const field = random.pick(['llm_api_key', 'search_api_key']);
    const value = random.chance(0.3) ? '' : `key-${random.word(10)}`;
    return { change: { [field]: value }, apply: (m) => { m[field] = value; } };
  }
  if (kind === 4) {
    const value = random.chance(0.2) ? null : Math.round(random.next() * 1000) / 100;
    return { change: { max_budget_per_task: value }, apply: (m) => { m.max_budget_per_task = value; } };
  }
  // MCP list edits are computed from the freshly loaded settings, as the panel does.
  const url = `http://mcp-${random.word(6)}.local/sse`;
  const remove = kind === 6;
  const edit = (config: McpConfig | null | undefined): McpConfig => {
    const sse = [...(config?.sse_servers ?? [])];
    if (remove) sse.shift(); else sse.push({ url, api_key: null });
    return { sse_servers: sse, stdio_servers: config?.stdio_servers ?? [], shttp_servers: config?.shttp_servers ?? [] };
  };
  return {
    change: (current) => ({ mcp_config: edit(current?.mcp_config) }),
    apply: (m) => { m.mcp_config = edit(m.mcp_config as McpConfig | null); },
  };
}

let server: ContractServer;
before(async () => { server = await startContractServer({ api: 'v0', sessionApiKey: 'prop-key-0123' }); });
after(() => server.close());

describe('settings under random edit sequences', () => {
  it(`lose nothing over ${SEQUENCES} sequences, with racing edits`, async () => {
    const fetch = undiciFetch as unknown as FetchFunction;
    let edits = 0;
    let races = 0;
    for (let seed = 1; seed <= SEQUENCES; seed++) {
      const random = new Random(seed);
      server.reset();
      const client = createClient({ baseUrl: server.url, fetch, getCredential: async () => sessionCredential('prop-key-0123'), timeoutMs: 5000 });
      await client.storeSettings({
        llm_model: 'start/model', llm_api_key: 'start-llm-key', search_api_key: 'start-search-key', agent: 'CodeActAgent',
        max_iterations: 10, user_consents_to_analytics: false,
        mcp_config: { sse_servers: [{ url: 'http://first.local/sse', api_key: 'mcp-key-1' }], stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y'], env: { A: '1' } }], shttp_servers: [] },
      });
      const model: Stored = { ...server.storedSettings() };
      for (let step = random.int(1, 6); step > 0; step--) {
        if (random.chance(0.25)) {
          const first = randomEdit(random);
          const second = randomEdit(random);
          await Promise.all([client.updateSettings(first.change), client.updateSettings(second.change)]);
          first.apply(model);
          second.apply(model);
          edits += 2;
          races += 1;
        } else {
          const edit = randomEdit(random);
          await client.updateSettings(edit.change);
          edit.apply(model);
          edits += 1;
        }
        // The server never keeps a sandbox key it was not sent (it stores a mask when it is), whatever a client does.
        model.sandbox_api_key = null;
      }
      const stored = server.storedSettings();
      assert.ok(stored, `seed ${seed}: nothing stored`);
      for (const key of new Set([...Object.keys(model), ...Object.keys(stored)])) {
        assert.deepEqual(stored[key], model[key], `seed ${seed}: ${key}`);
      }
      const loaded = await client.loadSettings();
      assert.equal(loaded?.llm_api_key_set, Boolean(model.llm_api_key), `seed ${seed}: llm_api_key_set`);
      assert.equal(loaded?.search_api_key_set, Boolean(model.search_api_key), `seed ${seed}: search_api_key_set`);
    }
    console.log(`${SEQUENCES} sequences, ${edits} edits, ${races} races: every field as expected`);
  });
});
