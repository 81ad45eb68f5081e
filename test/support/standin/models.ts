// The request models of OpenHands 0.54.0 as validator tables: `Settings` (storage/data_models/settings.py; 1.6.0's,
// the mixed line's, has five fields more and a timeout on SHTTP MCP servers) and
// `InitSessionRequest` with `SuggestedTask` / `CreateMicroagent` (server/routes/manage_conversations.py,
// integrations/service_types.py). Field order matters: it is the order of 422 entries and of the GET body.
import { mcpConfig, mcpConfigWithTimeout } from './mcpConfig';
import { PyValueError } from './pyText';
import { type Field, type Validator, after, bool, enumOf, float, int, isDict, listOf, model, nullable, str, valueError } from './validators';

/** Which release line's V0 settings: 0.54.0's, or 1.6.0's (the mixed line). */
export type V0SettingsLine = 'v0' | 'mixed';

const optional = (validate: Validator): Field => ({ validate: nullable(validate), default: () => null });
const flag = (value: boolean): Field => ({ validate: bool, default: () => value });

/** What the real `secrets_store` serializer always writes: provider tokens live in the secrets store instead. */
export const EMPTY_SECRETS_STORE = (): { provider_tokens: Record<string, never> } => ({ provider_tokens: {} });

// UserSecrets' (1.6.0: Secrets') before-validator rejects anything but a dict; a dict's content is dropped on store anyway.
const userSecrets =
  (name: string): Validator =>
  (input, loc, errors) =>
    isDict(input) ? EMPTY_SECRETS_STORE() : valueError(errors, loc, input, `${name} must be initialized with a dictionary`);

const SANDBOX_GROUPING = ['NO_GROUPING', 'GROUP_BY_NEWEST', 'LEAST_RECENTLY_USED', 'FEWEST_CONVERSATIONS', 'ADD_TO_ANY'];
function checkCondenserMaxSize(value: number | bigint | null): number | bigint | null {
  if (value !== null && value < 20) throw new PyValueError('condenser_max_size must be at least 20');
  return value;
}

/** The Settings fields of a line, in model order (the order of 422 entries and of the GET body). */
function settingsFields(line: V0SettingsLine): Record<string, Field> {
  const mixed = line === 'mixed';
  return {
    language: optional(str),
    agent: optional(str),
    max_iterations: optional(int),
    security_analyzer: optional(str),
    confirmation_mode: optional(bool),
    llm_model: optional(str),
    llm_api_key: optional(str),
    llm_base_url: optional(str),
    ...(mixed ? { user_version: optional(int) } : {}),
    remote_runtime_resource_factor: optional(int),
    secrets_store: { validate: userSecrets(mixed ? 'Secrets' : 'UserSecrets'), default: EMPTY_SECRETS_STORE },
    enable_default_condenser: flag(true),
    enable_sound_notifications: flag(false),
    enable_proactive_conversation_starters: flag(true),
    enable_solvability_analysis: flag(true),
    user_consents_to_analytics: optional(bool),
    sandbox_base_container_image: optional(str),
    sandbox_runtime_container_image: optional(str),
    mcp_config: optional(mixed ? mcpConfigWithTimeout : mcpConfig),
    ...(mixed ? { disabled_skills: optional(listOf(str)) } : {}),
    search_api_key: optional(str),
    sandbox_api_key: optional(str),
    max_budget_per_task: optional(float),
    ...(mixed ? { condenser_max_size: { validate: after(nullable(int), checkCondenserMaxSize), default: () => null } } : {}),
    email: optional(str),
    email_verified: optional(bool),
    git_user_name: optional(str),
    git_user_email: optional(str),
    ...(mixed ? { v1_enabled: flag(true), sandbox_grouping_strategy: { validate: enumOf(SANDBOX_GROUPING), default: () => 'NO_GROUPING' } } : {}),
  };
}

export const SETTINGS_FIELDS = { v0: settingsFields('v0'), mixed: settingsFields('mixed') };

/** Settings' float fields: printed the Python way (`5.0`) in the GET body. */
export const FLOAT_FIELDS = new Set(['max_budget_per_task']);
/** Blanked to null in every GET body. */
export const SECRET_FIELDS = ['llm_api_key', 'search_api_key', 'sandbox_api_key'] as const;
/** Kept from the stored settings when a POST omits them or sends null (1.6.0 treats two of them its own way: settingsRoutes.ts). */
export const KEPT_WHEN_NULL = {
  v0: ['llm_api_key', 'llm_model', 'llm_base_url', 'search_api_key', 'user_consents_to_analytics'],
  mixed: ['llm_api_key', 'llm_model', 'user_consents_to_analytics', 'disabled_skills'],
} as const;

export const settingsModel = { v0: model({ extra: 'ignore', fields: SETTINGS_FIELDS.v0 }), mixed: model({ extra: 'ignore', fields: SETTINGS_FIELDS.mixed }) };

export const PROVIDERS = ['github', 'gitlab', 'bitbucket', 'enterprise_sso'] as const;
export type Provider = (typeof PROVIDERS)[number];
const TASK_TYPES = ['MERGE_CONFLICTS', 'FAILING_CHECKS', 'UNRESOLVED_COMMENTS', 'OPEN_ISSUE', 'OPEN_PR', 'CREATE_MICROAGENT'];
/** Task types `SuggestedTask.get_prompt_for_task` has a template for; the others raise ValueError (HTTP 500). */
export const PROMPTABLE_TASK_TYPES = new Set(['MERGE_CONFLICTS', 'FAILING_CHECKS', 'UNRESOLVED_COMMENTS', 'OPEN_ISSUE']);
const provider = enumOf(PROVIDERS);

const suggestedTask = model({
  extra: 'ignore',
  fields: {
    git_provider: { validate: provider },
    task_type: { validate: enumOf(TASK_TYPES) },
    repo: { validate: str },
    issue_number: { validate: int },
    title: { validate: str },
  },
});

const createMicroagent = model({
  extra: 'ignore',
  fields: {
    repo: { validate: str },
    git_provider: optional(provider),
    title: optional(str),
  },
});

export interface SuggestedTask {
  git_provider: Provider;
  task_type: string;
  repo: string;
  issue_number: number;
  title: string;
}
export interface InitSessionRequest {
  repository: string | null;
  git_provider: Provider | null;
  selected_branch: string | null;
  initial_user_msg: string | null;
  image_urls: string[] | null;
  replay_json: string | null;
  suggested_task: SuggestedTask | null;
  create_microagent: { repo: string; git_provider: Provider | null; title: string | null } | null;
  conversation_instructions: string | null;
  mcp_config: unknown;
  conversation_id?: string;
}

/** `conversation_id` is a field only when the server runs with ALLOW_SET_CONVERSATION_ID=1; otherwise it is extra. */
export function initSessionRequestModel(allowSetConversationId: boolean): Validator {
  const fields: Record<string, Field> = {
    repository: optional(str),
    git_provider: optional(provider),
    selected_branch: optional(str),
    initial_user_msg: optional(str),
    image_urls: optional(listOf(str)),
    replay_json: optional(str),
    suggested_task: optional(suggestedTask),
    create_microagent: optional(createMicroagent),
    conversation_instructions: optional(str),
    mcp_config: optional(mcpConfig),
  };
  // The real default is a fresh uuid; the handler makes one for an empty id anyway.
  if (allowSetConversationId) fields.conversation_id = { validate: str, default: () => '' };
  return model({ extra: 'forbid', fields });
}
