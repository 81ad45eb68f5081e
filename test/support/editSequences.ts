// Random edit sequences for the settings property test of each API line: edits go through the client to the
// contract server, and the stored object must equal what the edits alone would make of it, field by field,
// secrets included. Some steps fire two edits at once, which must both land, in the order they were made.
// A line says which fields it keeps, where the server stores each, and what edits only it has.
import assert from 'node:assert/strict';
import { fetch as undiciFetch } from 'undici';
import type { FetchFunction, ServerApi, SettingsUpdater } from '../../src/api/client';
import { sessionCredential } from '../../src/api/http/credential';
import { createClient } from './client';
import { NotKeptError } from '../../src/api/settingsErrors';
import type { Settings, SettingsChange } from '../../src/api/model/settings';
import { Random } from './random';
import type { ContractServer, RecordedRequest } from './standin/contractServer';

import { setAt, valueAt, type Stored } from './storedSettings';

export { setAt, valueAt, type Stored } from './storedSettings';
/** `refused`: the client must refuse it (NotKeptError) and send nothing. */
export interface Edit { change: SettingsChange | SettingsUpdater; apply: (model: Stored) => void; refused?: boolean }

export interface EditLine {
  readonly api: ServerApi;
  readonly firstSave: Settings;
  readonly strings: readonly string[];
  readonly booleans: readonly string[];
  readonly integers: readonly string[];
  /** Fields whose values the server takes only from a list. */
  readonly choices?: Readonly<Record<string, readonly string[]>>;
  /** Where the server stores a field, as a path into its stored object. */
  at(field: string): string[];
  /** What the server stores for a value sent, where it differs. */
  stores?(field: string, value: unknown): unknown;
  /** The edits only this line has (kind 5 or 6). */
  ownEdit(random: Random, kind: number): Edit;
  /** Checks the requests the server saw after the first save, given the changes the client was asked for, in order. */
  checkRequests?(seed: number, requests: RecordedRequest[], changes: SettingsChange[]): void;
}

export const SECRETS = ['llm_api_key', 'search_api_key'];
export const FIRST_SAVE: Settings = {
  llm_model: 'start/model', llm_api_key: 'start-llm-key', search_api_key: 'start-search-key', agent: 'CodeActAgent',
  max_iterations: 10, user_consents_to_analytics: false,
};

/** An edit of one field to one value. */
export function fieldEdit(line: EditLine, field: string, value: unknown): Edit {
  const stored = line.stores ? line.stores(field, value) : value;
  return { change: { [field]: value }, apply: (m) => setAt(m, line.at(field), stored) };
}

function randomEdit(line: EditLine, random: Random): Edit {
  const kind = random.int(0, 6);
  if (kind === 0) {
    const field = random.pick(line.strings);
    const choices = line.choices?.[field];
    return fieldEdit(line, field, choices ? random.pick(choices) : random.word());
  }
  if (kind === 1) return fieldEdit(line, random.pick(line.booleans), random.chance(0.5));
  if (kind === 2) return fieldEdit(line, random.pick(line.integers), random.int(1, 500));
  if (kind === 3) {
    const field = random.pick(SECRETS);
    return fieldEdit(line, field, random.chance(0.3) ? '' : `key-${random.word(10)}`);
  }
  if (kind === 4) return fieldEdit(line, 'max_budget_per_task', random.chance(0.2) ? null : Math.round(random.next() * 1000) / 100);
  return line.ownEdit(random, kind);
}

interface Counts { edits: number; races: number }

/** Runs `sequences` seeded sequences against `server` (a stand-in of the line's API) and says what it did. */
export async function runEditSequences(line: EditLine, server: ContractServer, sessionApiKey: string, sequences: number): Promise<string> {
  const counts: Counts = { edits: 0, races: 0 };
  for (let seed = 1; seed <= sequences; seed++) await runSequence(line, server, sessionApiKey, seed, counts);
  return `${sequences} sequences, ${counts.edits} edits, ${counts.races} races: every field as expected`;
}

async function runSequence(line: EditLine, server: ContractServer, sessionApiKey: string, seed: number, counts: Counts): Promise<void> {
  const random = new Random(seed);
  server.reset();
  const fetch = undiciFetch as unknown as FetchFunction;
  const client = createClient({ baseUrl: server.url, fetch, getCredential: async () => sessionCredential(sessionApiKey), timeoutMs: 5000 }, line.api);
  await client.storeSettings(line.firstSave);
  const model = server.storedSettings();
  assert.ok(model, `seed ${seed}: the first save stored nothing`);
  const firstRequests = server.requests.length;
  // Each change the client is asked to send, in the order the edits were made (an updater's once it ran).
  const changes: SettingsChange[] = [];
  const send = (edit: Edit): Promise<unknown> => {
    if (edit.refused) return assert.rejects(client.updateSettings(edit.change), NotKeptError, `seed ${seed}: not refused`);
    const slot = changes.push({}) - 1;
    const change = edit.change;
    if (typeof change !== 'function') changes[slot] = change;
    return client.updateSettings(typeof change === 'function' ? (current) => (changes[slot] = change(current)) : change);
  };
  for (let step = random.int(1, 6); step > 0; step--) {
    const race = random.chance(0.25);
    const edits = race ? [randomEdit(line, random), randomEdit(line, random)] : [randomEdit(line, random)];
    await Promise.all(edits.map(send));
    for (const edit of edits) if (!edit.refused) edit.apply(model);
    counts.edits += edits.length;
    counts.races += race ? 1 : 0;
    // The server never keeps a sandbox key it was not sent (V0 stores a mask when it is), whatever a client does.
    setAt(model, line.at('sandbox_api_key'), null);
  }
  line.checkRequests?.(seed, server.requests.slice(firstRequests), changes);
  const stored = server.storedSettings();
  assert.ok(stored, `seed ${seed}: nothing stored`);
  for (const key of new Set([...Object.keys(model), ...Object.keys(stored)])) {
    assert.deepEqual(stored[key], model[key], `seed ${seed}: ${key}`);
  }
  const loaded = await client.loadSettings();
  assert.equal(loaded?.llm_api_key_set, Boolean(valueAt(model, line.at('llm_api_key'))), `seed ${seed}: llm_api_key_set`);
  assert.equal(loaded?.search_api_key_set, Boolean(valueAt(model, line.at('search_api_key'))), `seed ${seed}: search_api_key_set`);
}
