// Settings are never lost on a V1 server: random sequences of edits, racing ones among them, against the
// contract server of 1.11.0 (test/support/editSequences.ts). The server deep-merges each body into its nested
// settings, so every body must be the edit's diff alone: no `agent_settings` or `conversation_settings` key, no
// secret the edit did not set or clear, no mask. Fields V1 does not keep are refused before anything is sent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServerApi } from '../../../src/api/client';
import type { SettingsChange } from '../../../src/api/model/settings';
import { FIRST_SAVE, SECRETS, fieldEdit, runEditSequences, setAt, valueAt, type Edit, type EditLine, type Stored } from '../../support/editSequences';
import type { Random } from '../../support/random';
import { storedAt, storedValue } from '../../support/storedSettings';
import { startContractServer, type ContractServer, type RecordedRequest } from '../../support/standin/contractServer';

const SEQUENCES = 300;
const KEY = 'prop-key-0123';
const V1: ServerApi = { version: undefined, settings: 'v1', conversations: 'v1' };

// Where 1.11.0 stores each field (test/support/storedSettings.ts).
const at = (field: string): string[] => storedAt('v1', field);

/** The diff body a change must become: nested fields under `*_diff`, a secret left null not at all. */
function diffBody(change: SettingsChange): Stored {
  const body: Stored = {};
  for (const [field, value] of Object.entries(change)) {
    if (SECRETS.includes(field) && value === null) continue;
    const [section, ...rest] = at(field);
    setAt(body, rest.length ? [`${section}_diff`, ...rest] : [section], value);
  }
  return body;
}

function checkRequests(seed: number, requests: RecordedRequest[], changes: SettingsChange[]): void {
  const bodies = requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as Stored);
  for (const body of bodies) {
    assert.ok(!('agent_settings' in body) && !('conversation_settings' in body), `seed ${seed}: a whole section sent: ${JSON.stringify(body)}`);
    assert.ok(!JSON.stringify(body).includes('**********'), `seed ${seed}: a mask sent back`);
  }
  assert.deepEqual(bodies, changes.map(diffBody), `seed ${seed}: the bodies are not the edits' diffs`);
}

/** Kind 5: an edit of a field V1 does not keep. Kind 6: an edit computed from the loaded settings, or one that
 * leaves a secret null (kept) beside a real change. */
function v1Edit(random: Random, kind: number): Edit {
  if (kind === 5) {
    const change = random.chance(0.5)
      ? { enable_solvability_analysis: random.chance(0.5) }
      : () => ({ mcp_config: { sse_servers: [{ url: 'http://mcp.local/sse', api_key: null }], stdio_servers: [], shttp_servers: [] } });
    return { change, apply: () => undefined, refused: true };
  }
  if (random.chance(0.5)) {
    const path = at('max_iterations');
    return {
      change: (current) => ({ max_iterations: (current?.max_iterations ?? 0) + 1 }),
      apply: (m) => setAt(m, path, (valueAt(m, path) as number) + 1),
    };
  }
  const language = fieldEdit(V1_LINE, 'language', random.word());
  return { ...language, change: { ...language.change, [random.pick(SECRETS)]: null } };
}

const V1_LINE: EditLine = {
  api: V1,
  firstSave: FIRST_SAVE,
  strings: ['language', 'agent', 'security_analyzer', 'llm_model', 'llm_base_url', 'sandbox_base_container_image', 'git_user_name', 'git_user_email', 'email'],
  booleans: ['enable_default_condenser', 'enable_sound_notifications', 'enable_proactive_conversation_starters', 'confirmation_mode', 'user_consents_to_analytics'],
  integers: ['max_iterations', 'remote_runtime_resource_factor'],
  choices: { security_analyzer: ['llm', 'none'] },
  at,
  // Settings.update stores an empty search key as None; llm.api_key keeps "".
  stores: (field, value) => storedValue('v1', field, value),
  ownEdit: v1Edit,
  checkRequests,
};

let server: ContractServer;
before(async () => { server = await startContractServer({ api: 'v1', sessionApiKey: KEY }); });
after(() => server.close());

describe('V1 settings under random edit sequences', () => {
  it(`lose nothing over ${SEQUENCES} sequences, with racing edits, and send only diffs`, async () => {
    console.log(await runEditSequences(V1_LINE, server, KEY, SEQUENCES));
  });
});
