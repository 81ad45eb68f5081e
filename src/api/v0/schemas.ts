// zod schemas for the OpenHands V0 app-server interface (spec: shared/spec/service-interface.md): V0's wire
// format. Its shapes are the client's model (model/settings.ts, model/conversations.ts) field for field, so V0's
// adapter maps by checking: what it reads is the model once parsed, what it sends is the model once validated.
// zod/mini keeps the bundle small: its functions tree-shake, where the chained API would bring all of zod along.
// Each object schema exists twice, built from one shape: strict for what we send (unknown keys are our bug; the
// conversation endpoint answers them with 422), loose for what we read (a newer server may add fields, and those
// are kept). Activation loads this module, so its schemas are built on first use (builtOnFirstUse.ts).
import * as z from 'zod/mini';
import { PROVIDER_TYPES, TASK_TYPES } from '../model/conversations';
import { mcpUrlProblem, stdioCommandProblem, stdioNameProblem } from '../model/mcpRules';
import { builtOnFirstUse } from '../http/builtOnFirstUse';

const CONVERSATION_STATUSES = ['STARTING', 'RUNNING', 'STOPPED'] as const;

function checked(problem: (value: string) => string | undefined) {
  return z.string().check(z.superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  }));
}

type ObjectFactory = typeof z.strictObject | typeof z.looseObject;

const nullable = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const nullableString = () => nullable(z.string());

function buildSchemas(object: ObjectFactory, outgoing: boolean) {
  const mcp = buildMcpSchemas(object, outgoing);
  return { ...mcp, ...buildSettingsSchemas(object, mcp.McpConfig), ...buildConversationSchemas(object, mcp.McpConfig) };
}

function buildMcpSchemas(object: ObjectFactory, outgoing: boolean) {
  // Outgoing URLs, names and commands are checked with the server's rules so a bad entry never leaves the editor.
  const url = outgoing ? checked(mcpUrlProblem) : z.string();
  const stdioName = outgoing ? checked(stdioNameProblem) : z.string();
  const stdioCommand = outgoing ? checked(stdioCommandProblem) : z.string();
  const McpRemoteServer = object({ url, api_key: z.optional(z.nullable(z.string())) });
  const McpStdioServer = object({
    name: stdioName,
    command: stdioCommand,
    args: z.optional(z.array(z.string())),
    env: z.optional(z.record(z.string(), z.string())),
  });
  // The server forbids unknown keys in mcp_config itself in both directions of its model.
  const McpConfig = z.strictObject({
    sse_servers: z.optional(z.array(McpRemoteServer)),
    stdio_servers: z.optional(z.array(McpStdioServer)),
    shttp_servers: z.optional(z.array(McpRemoteServer)),
  });
  return { McpRemoteServer, McpStdioServer, McpConfig };
}

type McpConfigSchema = ReturnType<typeof buildMcpSchemas>['McpConfig'];

function buildSettingsSchemas(object: ObjectFactory, McpConfig: McpConfigSchema) {
  const UserSecrets = object({
    provider_tokens: z.optional(z.record(z.string(), z.unknown())),
    custom_secrets: z.optional(z.record(z.string(), z.unknown())),
  });
  const settingsShape = {
    language: nullableString(),
    agent: nullableString(),
    max_iterations: nullable(z.int()),
    security_analyzer: nullableString(),
    confirmation_mode: nullable(z.boolean()),
    llm_model: nullableString(),
    llm_api_key: nullableString(),
    llm_base_url: nullableString(),
    remote_runtime_resource_factor: nullable(z.int()),
    secrets_store: z.optional(UserSecrets),
    enable_default_condenser: z.optional(z.boolean()),
    enable_sound_notifications: z.optional(z.boolean()),
    enable_proactive_conversation_starters: z.optional(z.boolean()),
    enable_solvability_analysis: z.optional(z.boolean()),
    user_consents_to_analytics: nullable(z.boolean()),
    sandbox_base_container_image: nullableString(),
    sandbox_runtime_container_image: nullableString(),
    mcp_config: nullable(McpConfig),
    search_api_key: nullableString(),
    sandbox_api_key: nullableString(),
    max_budget_per_task: nullable(z.number()),
    email: nullableString(),
    email_verified: nullable(z.boolean()),
    git_user_name: nullableString(),
    git_user_email: nullableString(),
  };
  const Settings = object(settingsShape);
  const LoadedSettings = object({
    ...settingsShape,
    // Defaults as the spec gives them, so a reader always sees the effective value.
    enable_default_condenser: z._default(z.boolean(), true),
    enable_sound_notifications: z._default(z.boolean(), false),
    enable_proactive_conversation_starters: z._default(z.boolean(), true),
    enable_solvability_analysis: z._default(z.boolean(), true),
    llm_api_key_set: z.boolean(),
    provider_tokens_set: nullable(z.record(z.string(), z.nullable(z.string()))),
    search_api_key_set: z._default(z.boolean(), false),
  });
  return { UserSecrets, Settings, LoadedSettings };
}

function buildConversationSchemas(object: ObjectFactory, McpConfig: McpConfigSchema) {
  const ProviderTypeSchema = z.enum(PROVIDER_TYPES);
  const SuggestedTask = object({
    git_provider: ProviderTypeSchema,
    task_type: z.enum(TASK_TYPES),
    repo: z.string(),
    issue_number: z.int(),
    title: z.string(),
  });
  const CreateMicroagent = object({
    repo: z.string(),
    git_provider: nullable(ProviderTypeSchema),
    title: nullableString(),
  });
  const ConversationRequest = object({
    repository: nullableString(),
    git_provider: nullable(ProviderTypeSchema),
    selected_branch: nullableString(),
    initial_user_msg: nullableString(),
    image_urls: nullable(z.array(z.string())),
    replay_json: nullableString(),
    suggested_task: nullable(SuggestedTask),
    create_microagent: nullable(CreateMicroagent),
    conversation_instructions: nullableString(),
    mcp_config: nullable(McpConfig),
    conversation_id: z.optional(z.string()),
  });
  const ConversationResponse = object({
    status: z.string(),
    conversation_id: z.string(),
    message: nullableString(),
    // A newer server may report a status this client does not know yet; it is shown as given.
    conversation_status: nullable(z.union([z.enum(CONVERSATION_STATUSES), z.string()])),
  });
  return { SuggestedTask, CreateMicroagent, ConversationRequest, ConversationResponse };
}

/** Schemas for request bodies: unknown keys and values the server would refuse fail before sending. */
export const Outgoing = builtOnFirstUse(() => buildSchemas(z.strictObject, true));
/** Schemas for response bodies: unknown keys are kept, missing required fields fail. */
export const Incoming = builtOnFirstUse(() => buildSchemas(z.looseObject, false));
