// Settings are never lost on a V0 server: random sequences of edits, racing ones among them, against the
// contract server (test/support/editSequences.ts). V0 stores the settings flat, and MCP list edits are computed
// from the freshly loaded settings, as the panel does.
import { after, before, describe, it } from 'node:test';
import type { McpConfig } from '../../../src/api/model/settings';
import { V0_SERVER } from '../../../src/api/createClient';
import { FIRST_SAVE, runEditSequences, type Edit, type EditLine } from '../../support/editSequences';
import type { Random } from '../../support/random';
import { startContractServer, type ContractServer } from '../../support/standin/contractServer';

const SEQUENCES = 500;
const KEY = 'prop-key-0123';

function mcpEdit(random: Random, kind: number): Edit {
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

const V0_LINE: EditLine = {
  api: V0_SERVER,
  firstSave: {
    ...FIRST_SAVE,
    mcp_config: { sse_servers: [{ url: 'http://first.local/sse', api_key: 'mcp-key-1' }], stdio_servers: [{ name: 'fs', command: 'npx', args: ['-y'], env: { A: '1' } }], shttp_servers: [] },
  },
  strings: ['language', 'agent', 'security_analyzer', 'llm_model', 'llm_base_url', 'sandbox_base_container_image', 'git_user_name', 'git_user_email', 'email'],
  booleans: ['enable_default_condenser', 'enable_sound_notifications', 'enable_proactive_conversation_starters', 'enable_solvability_analysis', 'confirmation_mode', 'user_consents_to_analytics'],
  integers: ['max_iterations', 'remote_runtime_resource_factor'],
  at: (field) => [field],
  ownEdit: mcpEdit,
};

let server: ContractServer;
before(async () => { server = await startContractServer({ api: 'v0', sessionApiKey: KEY }); });
after(() => server.close());

describe('V0 settings under random edit sequences', () => {
  it(`lose nothing over ${SEQUENCES} sequences, with racing edits`, async () => {
    console.log(await runEditSequences(V0_LINE, server, KEY, SEQUENCES));
  });
});
