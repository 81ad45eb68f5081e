// zod schemas for the parts of OpenHands' V1 app-server API this extension reads and sends (openhands-ai 1.x;
// a recorded openapi.json of the real server is in test/support/fixtures/openhands/recorded/, and a test holds these to it).
// Answers are read loosely: a newer server adds fields, and those are kept. Activation loads this module, so its
// schemas are built on first use (builtOnFirstUse.ts), as are those of the other modules it loads.
import * as z from 'zod/mini';
import { PROVIDER_TYPES } from '../model/conversations';
import { builtOnFirstUse } from '../http/builtOnFirstUse';

const nullable = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const nullableString = () => nullable(z.string());

/** The model's fields that V1 keeps at the top level of its settings, under the model's names. */
const topLevelFields = () => ({
  language: nullableString(),
  remote_runtime_resource_factor: nullable(z.int()),
  enable_sound_notifications: z.optional(z.boolean()),
  enable_proactive_conversation_starters: z.optional(z.boolean()),
  user_consents_to_analytics: nullable(z.boolean()),
  sandbox_base_container_image: nullableString(),
  sandbox_runtime_container_image: nullableString(),
  search_api_key: nullableString(),
  sandbox_api_key: nullableString(),
  max_budget_per_task: nullable(z.number()),
  email: nullableString(),
  email_verified: nullable(z.boolean()),
  git_user_name: nullableString(),
  git_user_email: nullableString(),
});

/** The model's fields that V1 keeps in its sections: the agent's, and the conversation's. */
const agentFields = () => ({
  agent: nullableString(),
  llm_model: nullableString(),
  llm_api_key: nullableString(),
  llm_base_url: nullableString(),
  enable_default_condenser: z.optional(z.boolean()),
});
const conversationFields = () => ({
  max_iterations: nullable(z.int()),
  confirmation_mode: nullable(z.boolean()),
  security_analyzer: nullableString(),
});

/** GET /api/v1/settings: the nested settings, secrets as null with `*_set` flags. */
export const V1Settings = builtOnFirstUse(() => {
  const agent = agentFields();
  return z.looseObject({
    ...topLevelFields(),
    agent_settings: z.optional(z.looseObject({
      agent: agent.agent,
      llm: z.optional(z.looseObject({ model: agent.llm_model, api_key: agent.llm_api_key, base_url: agent.llm_base_url })),
      condenser: z.optional(z.looseObject({ enabled: agent.enable_default_condenser })),
    })),
    conversation_settings: z.optional(z.looseObject(conversationFields())),
    llm_api_key_set: z.boolean(),
    search_api_key_set: z.optional(z.boolean()),
    provider_tokens_set: nullable(z.record(z.string(), z.nullable(z.string()))),
  });
});
export type V1Settings = z.infer<ReturnType<typeof V1Settings>>;

/**
 * A change to the model's fields, checked before V1's diff body is made from it: each field V1 keeps must have
 * the type V1 keeps it as. Fields V1 has no home for pass here and are refused by the mapping (settingsMapping.ts).
 */
export const V1SettingsChange = builtOnFirstUse(() => z.looseObject({ ...topLevelFields(), ...agentFields(), ...conversationFields() }));

export const START_TASK_STATUSES = [
  'WORKING', 'WAITING_FOR_SANDBOX', 'PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS',
  'SETTING_UP_SKILLS', 'STARTING_CONVERSATION', 'READY', 'ERROR',
] as const;
export type StartTaskStatus = (typeof START_TASK_STATUSES)[number];

export const TextContent = builtOnFirstUse(() => z.strictObject({ type: z.literal('text'), text: z.string() }));
export const ImageContent = builtOnFirstUse(() => z.strictObject({ type: z.literal('image'), image_urls: z.array(z.string()) }));

/** POST /api/v1/app-conversations: the fields this extension sends. */
export const StartRequest = builtOnFirstUse(() => z.strictObject({
  initial_message: z.optional(z.strictObject({ role: z.literal('user'), content: z.array(z.union([TextContent(), ImageContent()])) })),
  system_message_suffix: z.optional(z.string()),
  selected_repository: z.optional(z.string()),
  selected_branch: z.optional(z.string()),
  git_provider: z.optional(z.enum(PROVIDER_TYPES)),
}));
export type StartRequest = z.infer<ReturnType<typeof StartRequest>>;

/** POST /api/v1/app-conversations/{id}/send-message (1.11.0): role "user" and run true are the server's defaults. */
export const SendMessageRequest = builtOnFirstUse(() => z.strictObject({
  content: z.array(z.union([TextContent(), ImageContent()])).check(z.minLength(1)),
}));
export type SendMessageRequest = z.infer<ReturnType<typeof SendMessageRequest>>;

/** The send-message answer: AppSendMessageResponse. */
export const SendMessageResponse = builtOnFirstUse(() => z.looseObject({ success: z.boolean(), sandbox_status: z.string(), message: nullable(z.string()) }));

/** POST /api/v1/sandboxes/{id}/pause: Success. */
export const SuccessAnswer = builtOnFirstUse(() => z.looseObject({ success: z.boolean() }));

/** A start task; a status this client does not know yet is read as a step still on its way. */
export const StartTask = builtOnFirstUse(() => z.looseObject({
  id: z.string(),
  status: z.string(),
  detail: nullable(z.string()),
  app_conversation_id: nullable(z.string()),
}));
export type StartTask = z.infer<ReturnType<typeof StartTask>>;

/** GET /api/v1/app-conversations/start-tasks/search: the newest starts, each with the request it was given. */
export const StartTaskPage = builtOnFirstUse(() => z.looseObject({
  items: z.array(z.looseObject({
    app_conversation_id: nullable(z.string()),
    request: z.optional(z.looseObject({
      initial_message: nullable(z.looseObject({ content: z.array(z.looseObject({ type: z.string(), text: z.optional(z.string()) })) })),
    })),
  })),
}));

/** GET /api/v1/app-conversations/start-tasks?ids=…: one entry per id, null for an unknown one. */
export const StartTaskList = builtOnFirstUse(() => z.array(z.nullable(StartTask())));

/** A field as /api/v1/settings/agent-schema and /conversation-schema describe it for a settings UI. */
export const SchemaField = builtOnFirstUse(() => z.looseObject({
  key: z.string(),
  label: z.string(),
  description: nullable(z.string()),
  value_type: z.string(),
  default: z.optional(z.unknown()),
  prominence: nullable(z.string()),
  depends_on: nullable(z.array(z.string())),
  secret: nullable(z.boolean()),
  choices: nullable(z.array(z.looseObject({ value: z.unknown(), label: z.string() }))),
  variant: nullable(z.string()),
}));
export type SchemaField = z.infer<ReturnType<typeof SchemaField>>;

export const SettingsSchemaDocument = builtOnFirstUse(() => z.looseObject({
  sections: z.array(z.looseObject({
    key: z.string(),
    label: z.string(),
    variant: nullable(z.string()),
    fields: z.array(SchemaField()),
  })),
}));
export type SettingsSchemaDocument = z.infer<ReturnType<typeof SettingsSchemaDocument>>;
