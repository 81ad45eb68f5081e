// zod schemas for the parts of OpenHands' V1 app-server API this extension reads and sends (openhands-ai 1.x;
// a recorded openapi.json of the real server is in test/conformance/recorded/, and a test holds these to it).
// Answers are read loosely: a newer server adds fields, and those are kept.
import * as z from 'zod/mini';
import { ProviderTypeSchema } from '../v0/schemas';

const nullable = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** GET /api/v1/settings: the nested settings, secrets as null with `*_set` flags. */
export const V1Settings = z.looseObject({
  agent_settings: z.optional(z.looseObject({
    agent: nullable(z.string()),
    llm: z.optional(z.looseObject({ model: nullable(z.string()), base_url: nullable(z.string()) })),
    condenser: z.optional(z.looseObject({ enabled: nullable(z.boolean()) })),
  })),
  conversation_settings: z.optional(z.looseObject({
    max_iterations: nullable(z.int()),
    confirmation_mode: nullable(z.boolean()),
    security_analyzer: nullable(z.string()),
  })),
  llm_api_key_set: z.optional(z.boolean()),
  search_api_key_set: z.optional(z.boolean()),
  provider_tokens_set: nullable(z.record(z.string(), z.nullable(z.string()))),
});
export type V1Settings = z.infer<typeof V1Settings>;

export const START_TASK_STATUSES = [
  'WORKING', 'WAITING_FOR_SANDBOX', 'PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS',
  'SETTING_UP_SKILLS', 'STARTING_CONVERSATION', 'READY', 'ERROR',
] as const;
export type StartTaskStatus = (typeof START_TASK_STATUSES)[number];

export const TextContent = z.strictObject({ type: z.literal('text'), text: z.string() });
export const ImageContent = z.strictObject({ type: z.literal('image'), image_urls: z.array(z.string()) });

/** POST /api/v1/app-conversations: the fields this extension sends. */
export const StartRequest = z.strictObject({
  initial_message: z.strictObject({ role: z.literal('user'), content: z.array(z.union([TextContent, ImageContent])) }),
  system_message_suffix: z.optional(z.string()),
  selected_repository: z.optional(z.string()),
  selected_branch: z.optional(z.string()),
  git_provider: z.optional(ProviderTypeSchema),
});
export type StartRequest = z.infer<typeof StartRequest>;

/** POST /api/v1/app-conversations/{id}/send-message (1.11.0): role "user" and run true are the server's defaults. */
export const SendMessageRequest = z.strictObject({
  content: z.array(z.union([TextContent, ImageContent])).check(z.minLength(1)),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/** The send-message answer: AppSendMessageResponse. */
export const SendMessageResponse = z.looseObject({ success: z.boolean(), sandbox_status: z.string(), message: nullable(z.string()) });

/** POST /api/v1/sandboxes/{id}/pause: Success. */
export const SuccessAnswer = z.looseObject({ success: z.boolean() });

/** A start task; a status this client does not know yet is read as a step still on its way. */
export const StartTask = z.looseObject({
  id: z.string(),
  status: z.string(),
  detail: nullable(z.string()),
  app_conversation_id: nullable(z.string()),
});
export type StartTask = z.infer<typeof StartTask>;

/** GET /api/v1/app-conversations/start-tasks?ids=…: one entry per id, null for an unknown one. */
export const StartTaskList = z.array(z.nullable(StartTask));

/** A field as /api/v1/settings/agent-schema and /conversation-schema describe it for a settings UI. */
export const SchemaField = z.looseObject({
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
});
export type SchemaField = z.infer<typeof SchemaField>;

export const SettingsSchemaDocument = z.looseObject({
  sections: z.array(z.looseObject({
    key: z.string(),
    label: z.string(),
    variant: nullable(z.string()),
    fields: z.array(SchemaField),
  })),
});
export type SettingsSchemaDocument = z.infer<typeof SettingsSchemaDocument>;
