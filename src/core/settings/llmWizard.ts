// Configure LLM: the model and its API key, the two things a fresh server needs before a conversation can run.
import type { Prompter } from '../platform/prompter';

export const DEFAULT_MODEL = 'anthropic/claude-sonnet-4-20250514';

export interface LlmChoice {
  readonly model: string;
  readonly apiKey: string;
}

/** Asks for the model (prefilled with the current one) and the key; undefined when either step is cancelled. */
export async function askLlmChoice(prompter: Prompter, currentModel: string | null | undefined): Promise<LlmChoice | undefined> {
  const model = (await prompter.input({
    title: 'Configure LLM (1/2): model',
    prompt: 'The LLM the agent uses, as provider/model.',
    value: currentModel || DEFAULT_MODEL,
    validate: (v) => (v.trim() ? undefined : `Enter a model such as ${DEFAULT_MODEL}.`),
  }))?.trim();
  if (!model) return undefined;
  const apiKey = (await prompter.input({
    title: 'Configure LLM (2/2): API key',
    prompt: 'The key for the LLM provider. It is sent to the server and never shown again.',
    password: true,
    validate: (v) => (v.trim() ? undefined : 'Enter the LLM API key.'),
  }))?.trim();
  return apiKey ? { model, apiKey } : undefined;
}
