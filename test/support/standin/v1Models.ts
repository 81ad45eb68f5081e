// The V1 settings model of OpenHands 1.11.0 (openhands/app_server/settings/settings_models.py and the SDK's
// AgentSettings), as far as the stand-in needs it: the defaults a first save starts from, which leaves are
// secret, and how each leaf is validated. Taken from the real server's answers (test/support/fixtures/openhands/recorded).
import { type FieldRule, type ValueKind } from './pydantic';
import { PyFloat, type PyDict, type PyValue, clonePy, parsePyJson } from './pyJson';
import { recorded } from './recorded';

export const AGENT_SCHEMA = 'agent-schema-1.11.0.json';
export const CONVERSATION_SCHEMA = 'conversation-schema-1.11.0.json';
/** GET /api/v1/settings after a first save of `{}`. */
const DEFAULTS = 'settings-defaults-1.11.0.json';

/** Answered by GET only (GETSettingsModel), appended after the stored fields. */
export const GET_ONLY = ['provider_tokens_set', 'llm_api_key_set', 'search_api_key_set'];
/** Settings.update skips these top-level keys (_SETTINGS_UPDATE_IGNORED_FIELDS), and the two nested models. */
export const NOT_SET_DIRECTLY = new Set(['secrets_store', 'llm_profiles', 'active_agent_profile_id', 'active_agent_profile_revision',
  'agent_settings', 'conversation_settings', 'inherited_marketplaces', ...GET_ONLY]);
/** Blanked in every GET answer (the agent settings' own secrets come from the schema). */
export const TOP_LEVEL_SECRETS = ['search_api_key', 'sandbox_api_key'];

const nullable = (kind: ValueKind): FieldRule => ({ kind, nullable: true });

/** Settings' own fields: most default to None, so their type is not in the defaults. */
export const TOP_LEVEL_RULES: Record<string, FieldRule> = {
  language: nullable('string'),
  user_version: nullable('integer'),
  remote_runtime_resource_factor: nullable('integer'),
  enable_sound_notifications: { kind: 'boolean', nullable: false },
  enable_proactive_conversation_starters: { kind: 'boolean', nullable: false },
  user_consents_to_analytics: nullable('boolean'),
  sandbox_base_container_image: nullable('string'),
  sandbox_runtime_container_image: nullable('string'),
  search_api_key: nullable('string'),
  sandbox_api_key: nullable('string'),
  max_budget_per_task: nullable('number'),
  email: nullable('string'),
  email_verified: nullable('boolean'),
  git_user_name: nullable('string'),
  git_user_email: nullable('string'),
  git_full_clone: { kind: 'boolean', nullable: false },
  v1_enabled: { kind: 'boolean', nullable: false },
  default_sandbox_spec_id: nullable('string'),
};

/** SandboxGroupingStrategy's values other than NO_GROUPING (settings_models.py). */
const GROUPING = ['GROUP_BY_NEWEST', 'LEAST_RECENTLY_USED', 'FEWEST_CONVERSATIONS', 'ADD_TO_ANY'];

/**
 * Whether the stored settings put several conversations in one sandbox: each one's workspace is then
 * `<sandbox folder>/<id hex>` (grouped_workspace_dir). The stand-in still gives each its own sandbox folder.
 */
export function groupsConversations(v1Settings: string | null): boolean {
  if (v1Settings === null) return false;
  return GROUPING.includes(String((parsePyJson(v1Settings) as PyDict).get('sandbox_grouping_strategy')));
}

interface SchemaField {
  key: string;
  value_type: string;
  secret: boolean;
  choices: PyDict[];
  variant: string | null;
}

function schemaFields(name: string): SchemaField[] {
  const schema = recorded(name) as PyDict;
  const sections = schema.get('sections') as PyDict[];
  return sections.flatMap((s) => (s.get('fields') as PyDict[]).map((f) => Object.fromEntries(f) as unknown as SchemaField));
}

const KINDS: Record<string, ValueKind> = { string: 'string', integer: 'integer', number: 'number', boolean: 'boolean' };

/** Dotted key -> rule, for the fields the schema publishes (the openhands agent kind only). */
function rulesOf(name: string, literal: boolean): Map<string, FieldRule & { secret: boolean }> {
  const rules = new Map<string, FieldRule & { secret: boolean }>();
  for (const f of schemaFields(name)) {
    if (f.variant === 'acp') continue;
    const choices = literal && f.choices.length ? f.choices.map((c) => String(c.get('value'))) : undefined;
    rules.set(f.key, { kind: KINDS[f.value_type] ?? 'any', nullable: true, secret: f.secret, ...(choices ? { choices } : {}) });
  }
  return rules;
}

let agentRules: ReturnType<typeof rulesOf> | undefined;
let conversationRules: ReturnType<typeof rulesOf> | undefined;
// The agent schema's choices are suggestions (free strings are kept); the conversation's are Literals.
export const agentFieldRules = () => (agentRules ??= rulesOf(AGENT_SCHEMA, false));
export function conversationFieldRules(): ReturnType<typeof rulesOf> {
  if (!conversationRules) {
    conversationRules = rulesOf(CONVERSATION_SCHEMA, true);
    // ConversationSettings.max_iterations is Field(ge=1); the schema does not say so.
    const iterations = conversationRules.get('max_iterations');
    if (iterations) iterations.min = 1;
  }
  return conversationRules;
}

/** A leaf the schema does not publish: typed by its default (a None default takes anything). */
export function ruleFromDefault(value: PyValue): FieldRule {
  if (typeof value === 'boolean') return { kind: 'boolean', nullable: false };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'integer', nullable: false };
  if (value instanceof PyFloat) return { kind: 'number', nullable: false };
  if (typeof value === 'string') return { kind: 'string', nullable: false };
  return { kind: 'any', nullable: true };
}

/** A fresh Settings() as stored: the recorded defaults without the GET-only keys, created now. */
export function defaultSettings(now = new Date()): PyDict {
  const tree = clonePy(recorded(DEFAULTS)) as PyDict;
  for (const key of GET_ONLY) tree.delete(key);
  const context = (tree.get('agent_settings') as PyDict).get('agent_context') as PyDict;
  context.set('current_datetime', pythonUtcNow(now));
  return tree;
}

/** `datetime.now(UTC).isoformat()` as pydantic dumps it: microseconds and a Z. */
export const pythonUtcNow = (now = new Date()): string => now.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
