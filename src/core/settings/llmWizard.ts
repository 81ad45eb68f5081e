// Configure LLM: the model and its API key, the two things a fresh server needs before a conversation can run.
import { l10n } from '../../api/l10n';
import type { Prompter } from '../platform/prompter';

export const DEFAULT_MODEL = 'anthropic/claude-sonnet-4-20250514';

export interface LlmChoice {
  readonly model: string;
  readonly apiKey: string;
}

/** Asks for the model (prefilled with the current one) and the key; undefined when either step is cancelled. */
export async function askLlmChoice(prompter: Prompter, currentModel: string | null | undefined): Promise<LlmChoice | undefined> {
  const model = (await prompter.input({
    title: l10n.t('Configure LLM (1/2): model'),
    prompt: l10n.t('The LLM the agent uses, as provider/model.'),
    value: currentModel || DEFAULT_MODEL,
    validate: (v) => (v.trim() ? undefined : l10n.t('Enter a model such as {0}.', DEFAULT_MODEL)),
  }))?.trim();
  if (!model) return undefined;
  const apiKey = (await prompter.input({
    title: l10n.t('Configure LLM (2/2): API key'),
    prompt: l10n.t('The key for the LLM provider. It is sent to the server and never shown again.'),
    password: true,
    validate: (v) => (v.trim() ? undefined : l10n.t('Enter the LLM API key.')),
  }))?.trim();
  return apiKey ? { model, apiKey } : undefined;
}
