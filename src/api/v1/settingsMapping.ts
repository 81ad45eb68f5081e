// Where each field of the extension's settings model lives in OpenHands' V1 settings, and the two ways across:
// a V1 answer read into the model, and a change to the model written as the V1 diff body (top-level keys,
// `agent_settings_diff`, `conversation_settings_diff`), which the server deep-merges into what it has.
import { LOADED_FLAGS, SETTINGS_FIELDS, type LoadedSettings, type SettingsChange, type SettingsField } from '../model/settings';
import type { V1Settings } from './schemas';

type Section = 'top' | 'agent_settings' | 'conversation_settings';
interface Location { readonly section: Section; readonly path: readonly string[] }

const top = (key: string): Location => ({ section: 'top', path: [key] });
const agent = (...path: string[]): Location => ({ section: 'agent_settings', path });
const conversation = (key: string): Location => ({ section: 'conversation_settings', path: [key] });

export const V1_LOCATIONS: Partial<Record<SettingsField, Location>> = {
  llm_model: agent('llm', 'model'),
  llm_api_key: agent('llm', 'api_key'),
  llm_base_url: agent('llm', 'base_url'),
  agent: agent('agent'),
  enable_default_condenser: agent('condenser', 'enabled'),
  max_iterations: conversation('max_iterations'),
  confirmation_mode: conversation('confirmation_mode'),
  security_analyzer: conversation('security_analyzer'),
  ...Object.fromEntries([
    'language', 'remote_runtime_resource_factor', 'enable_sound_notifications', 'enable_proactive_conversation_starters',
    'user_consents_to_analytics', 'sandbox_base_container_image', 'sandbox_runtime_container_image', 'search_api_key',
    'sandbox_api_key', 'max_budget_per_task', 'email', 'email_verified', 'git_user_name', 'git_user_email',
  ].map((key) => [key, top(key)])),
};

/**
 * Fields of the model that V1 servers do not keep as such: solvability analysis is gone, and MCP servers live in
 * the agent's own MCP configuration, whose shape differs (not edited from here yet).
 */
export const V1_UNSUPPORTED: ReadonlySet<SettingsField> = new Set<SettingsField>(['enable_solvability_analysis', 'mcp_config', 'secrets_store']);

/** What the model holds where the answer has no value: the defaults V0's spec gives its switches and flags. */
const LOADED_DEFAULTS = {
  enable_default_condenser: true,
  enable_sound_notifications: false,
  enable_proactive_conversation_starters: true,
  enable_solvability_analysis: true,
  search_api_key_set: false,
};

/**
 * The model's fields read out of a V1 settings answer; secrets stay null, as the server sends them. The answer
 * was checked against V1Settings, which gives every field read here the type the model gives it.
 */
export function fromV1(answer: V1Settings): LoadedSettings {
  const found: Record<string, unknown> = { ...LOADED_DEFAULTS };
  for (const flag of LOADED_FLAGS) if (flag in answer) found[flag] = answer[flag];
  for (const [field, at] of Object.entries(V1_LOCATIONS)) {
    const value = read(answer, at);
    if (value !== undefined) found[field] = value;
  }
  // In the model's order, as V0 lists them, so the settings document reads the same on either line.
  const ordered = [...SETTINGS_FIELDS, ...LOADED_FLAGS].filter((field) => field in found).map((field) => [field, found[field]]);
  return Object.fromEntries(ordered) as LoadedSettings;
}

/** The V1 body for a change; fields without a V1 home are returned apart, so nothing is dropped silently. */
export function toV1Body(change: SettingsChange): { body: Record<string, unknown>; unsupported: string[] } {
  const body: Record<string, unknown> = {};
  const unsupported: string[] = [];
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue;
    const at = V1_LOCATIONS[field as SettingsField];
    if (!at) unsupported.push(field);
    else write(body, at, value);
  }
  return { body, unsupported };
}

function read(answer: Record<string, unknown>, at: Location): unknown {
  let node: unknown = at.section === 'top' ? answer : answer[at.section];
  for (const key of at.path) node = isObject(node) ? node[key] : undefined;
  return node;
}

function write(body: Record<string, unknown>, at: Location, value: unknown): void {
  if (at.section === 'top') {
    body[at.path[0]] = value;
    return;
  }
  let node = (body[`${at.section}_diff`] ??= {}) as Record<string, unknown>;
  for (const key of at.path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[at.path[at.path.length - 1]] = value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
