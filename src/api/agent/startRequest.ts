// The start request of an agent server (POST /api/conversations) for what the extension starts with. The server
// applies no stored settings by itself: each start carries its agent, here the one the person stored, read with
// `X-Expose-Secrets: encrypted` and sent back with `secrets_encrypted: true`, so the plain key never enters the
// extension. Each conversation gets a folder of its own, named by its id (sent as `conversation_id`), so two
// conversations never share one. Its LLM streams (`llm.stream`, off by default): the server then sends the agent's
// words as the model writes them (the session socket's delta frames), which the transcript shows. The request holds
// no message: the task goes once the folder is a repository of its own (agentConversationsApi.ts says why).
import type { ConversationRequest } from '../model/conversations';
import type { StoredAgentSettings } from './schemas';

/** What the request holds beyond the stored settings: the new conversation's id and its workspace folder. */
export interface StartPlace {
  readonly conversationId: string;
  readonly workingDir: string;
}

/** The model's fields this line sends; any other one given is refused rather than dropped (startRequest's caller checks). */
export const STARTS_WITH: ReadonlySet<string> = new Set(['initial_user_msg', 'image_urls', 'conversation_instructions', 'conversation_id']);

export function agentStartRequest(request: ConversationRequest, stored: StoredAgentSettings, place: StartPlace): Record<string, unknown> {
  const instructions = request.conversation_instructions;
  const conversation = stored.conversation_settings;
  return {
    conversation_id: place.conversationId,
    workspace: { working_dir: place.workingDir },
    agent_settings: streaming(instructions ? withInstructions(stored.agent_settings, instructions) : stored.agent_settings),
    secrets_encrypted: true,
    ...(conversation?.max_iterations ? { max_iterations: conversation.max_iterations } : {}),
    ...(conversation?.confirmation_mode ? { confirmation_policy: { kind: 'AlwaysConfirm' } } : {}),
  };
}

/** The start's task as the user message `/events` takes, or undefined for a start without one (a hand-over's). */
export function startMessage(request: ConversationRequest): Record<string, unknown> | undefined {
  const { initial_user_msg: text, image_urls: images } = request;
  if ((text === undefined || text === null) && !images?.length) return undefined;
  return userMessage(text ?? '', images ?? undefined);
}

/** A user message: its text, then its images. */
export function userMessage(text: string, images: readonly string[] | undefined): Record<string, unknown> {
  const content: unknown[] = [{ type: 'text', text }];
  if (images?.length) content.push({ type: 'image', image_urls: [...images] });
  return { role: 'user', content };
}

/** Conversation instructions become the suffix of the agent's system message (V0's conversation_instructions). */
function withInstructions(agent: Record<string, unknown>, instructions: string): Record<string, unknown> {
  const context = typeof agent.agent_context === 'object' && agent.agent_context !== null ? agent.agent_context : {};
  return { ...agent, agent_context: { ...context, system_message_suffix: instructions } };
}

/** The agent with its LLM streaming (the stored LLM otherwise as it is; an agent without one as it is). */
function streaming(agent: Record<string, unknown>): Record<string, unknown> {
  const llm = agent.llm;
  return typeof llm === 'object' && llm !== null ? { ...agent, llm: { ...llm, stream: true } } : agent;
}

/** The fields of `request` with a value that this line cannot send. */
export function unsentFields(request: ConversationRequest): string[] {
  return Object.entries(request).filter(([field, value]) => value !== undefined && value !== null && !STARTS_WITH.has(field)).map(([field]) => field);
}
