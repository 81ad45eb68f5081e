// AppConversationStartRequest of OpenHands 1.11.0 as FastAPI validates it (extra keys ignored), and the
// request as the start task echoes it: every field, defaults filled in, in the model's order.
import { type PyValue } from './pyJson';
import { type Field, type Validator, bool, enumOf, int, listOf, model, nullable, str } from './validators';

export const V1_PROVIDERS = ['github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'forgejo', 'azure_devops', 'enterprise_sso'] as const;

const optional = (validate: Validator): Field => ({ validate: nullable(validate), default: () => null });
const withDefault = (validate: Validator, value: () => unknown): Field => ({ validate, default: value });

const textContent = model({
  extra: 'forbid',
  fields: { cache_prompt: withDefault(bool, () => false), type: withDefault(enumOf(['text']), () => 'text'), text: { validate: str } },
});
const imageContent = model({
  extra: 'ignore',
  fields: { cache_prompt: withDefault(bool, () => false), type: withDefault(enumOf(['image']), () => 'image'), image_urls: { validate: listOf(str) } },
});
/** TextContent | ImageContent, told apart by `type` (pydantic's smart union reports more on a miss). */
export const messageContent: Validator = (input, loc, errors) =>
  input instanceof Map && input.get('type') === 'image' ? imageContent(input, loc, errors) : textContent(input, loc, errors);

const sendMessageRequest = model({
  extra: 'ignore',
  fields: {
    role: withDefault(enumOf(['user', 'system', 'assistant', 'tool']), () => 'user'),
    content: withDefault(listOf(messageContent), () => []),
    run: withDefault(bool, () => false),
  },
});

export const startRequestModel = model({
  extra: 'ignore',
  fields: {
    sandbox_id: optional(str),
    conversation_id: optional(str),
    initial_message: optional(sendMessageRequest),
    system_message_suffix: optional(str),
    processors: optional(listOf((v) => v)),
    llm_model: optional(str),
    agent_profile_id: optional(str),
    selected_repository: optional(str),
    selected_branch: optional(str),
    git_provider: optional(enumOf(V1_PROVIDERS)),
    suggested_task: optional((v) => v),
    title: optional(str),
    trigger: optional(str),
    pr_number: withDefault(listOf(int), () => []),
    parent_conversation_id: optional(str),
    agent_type: withDefault(str, () => 'default'),
    public: optional(bool),
    plugins: optional(listOf((v) => v)),
    secrets: optional((v) => v),
  },
});

export interface StartRequest {
  sandbox_id: string | null;
  selected_repository: string | null;
  selected_branch: string | null;
  git_provider: string | null;
  title: string | null;
  llm_model: string | null;
  initial_message: { content: PyValue[] } | null;
}
