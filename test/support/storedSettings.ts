// Where the server of each API line keeps a field of the extension's settings model, as the tests' own statement
// of it (from what the real servers store; not the client's mapping, which the tests check): V0 keeps one flat
// object, V1 a nested settings.json (test/support/fixtures/openhands/recorded/settings-defaults-1.11.0.json) saved as diffs.
// Node built-ins only: host suites (in the extension host) and UI scenarios (in the harness) both load it.

export type Stored = Record<string, unknown>;
export type StoredLine = 'v0' | 'v1';

// Where 1.11.0 stores each nested field; the others are top-level keys.
const V1_NESTED: Record<string, string[]> = {
  llm_model: ['agent_settings', 'llm', 'model'], llm_api_key: ['agent_settings', 'llm', 'api_key'],
  llm_base_url: ['agent_settings', 'llm', 'base_url'], agent: ['agent_settings', 'agent'],
  enable_default_condenser: ['agent_settings', 'condenser', 'enabled'], max_iterations: ['conversation_settings', 'max_iterations'],
  confirmation_mode: ['conversation_settings', 'confirmation_mode'], security_analyzer: ['conversation_settings', 'security_analyzer'],
};

/** Fields a V1 server does not keep: solvability analysis is gone, MCP servers live in another shape. */
export const NOT_KEPT_BY_V1: readonly string[] = ['enable_solvability_analysis', 'mcp_config'];

export function valueAt(model: Stored, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Stored | undefined)?.[key], model);
}

export function setAt(model: Stored, path: readonly string[], value: unknown): void {
  let node = model;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Stored;
  node[path[path.length - 1]] = value;
}

/** Where `line`'s server stores `field`, as a path into its stored object. */
export function storedAt(line: StoredLine, field: string): string[] {
  return line === 'v1' ? (V1_NESTED[field] ?? [field]) : [field];
}

/** What `line`'s server stores for a value sent, where it differs: 1.11.0 stores an empty search key as None. */
export function storedValue(line: StoredLine, field: string, value: unknown): unknown {
  return line === 'v1' && field === 'search_api_key' && value === '' ? null : value;
}

/** The stored object `before` with exactly `change` (fields of the model) applied, as `line`'s server keeps it. */
export function withChange(line: StoredLine, before: Stored, change: Stored): Stored {
  const after = structuredClone(before);
  for (const [field, value] of Object.entries(change)) setAt(after, storedAt(line, field), storedValue(line, field, value));
  return after;
}

/** The value of a model's field in `line`'s stored object. */
export function storedField(line: StoredLine, stored: Stored | null, field: string): unknown {
  return stored ? valueAt(stored, storedAt(line, field)) : undefined;
}

/** Where a save body of `line` carries `field`: V0 the whole flat object, V1 a diff (`<section>_diff` when nested). */
export function sentAt(line: StoredLine, field: string): string[] {
  const [section, ...rest] = storedAt(line, field);
  return rest.length ? [`${section}_diff`, ...rest] : [section];
}

/** A V1 save body (diffs) holding the fields of `settings` that V1 keeps. */
export function v1SaveBody(settings: Stored): Stored {
  const body: Stored = {};
  for (const [field, value] of Object.entries(settings)) {
    if (!NOT_KEPT_BY_V1.includes(field)) setAt(body, sentAt('v1', field), value);
  }
  return body;
}
