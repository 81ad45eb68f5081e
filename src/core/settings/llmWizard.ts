// Configure LLM: the model, the endpoint and its key, what a fresh server needs before a conversation can run,
// also for a self-hosted or proxied LLM (Ollama, vLLM, LiteLLM, Azure), which needs a base URL and maybe no key.
import { l10n } from '../../base/l10n';
import type { Prompter } from '../platform/prompter';

export const DEFAULT_MODEL = 'anthropic/claude-sonnet-4-20250514';

/** What the server has now. */
export interface CurrentLlm {
  readonly model: string | null | undefined;
  readonly baseUrl: string | null | undefined;
  readonly keySet: boolean;
}

export interface LlmChoice {
  readonly model: string;
  /** '' for the provider's own endpoint. */
  readonly baseUrl: string;
  /** Absent: keep the stored key, or send none to an endpoint that needs none. */
  readonly apiKey?: string;
}

/** Asks the model, the base URL and the key, each prefilled with what the server has; undefined on a cancel. */
export async function askLlmChoice(prompter: Prompter, current: CurrentLlm): Promise<LlmChoice | undefined> {
  const model = (await prompter.input({
    title: l10n.t('Configure LLM (1/3): model'),
    prompt: l10n.t('The LLM the agent uses, as provider/model.'),
    value: current.model || DEFAULT_MODEL,
    validate: (v) => (v.trim() ? undefined : l10n.t('Enter a model such as {0}.', DEFAULT_MODEL)),
  }))?.trim();
  if (!model) return undefined;
  const baseUrl = (await prompter.input({
    title: l10n.t('Configure LLM (2/3): base URL'),
    prompt: l10n.t('The endpoint of a self-hosted or proxied LLM (Ollama, vLLM, LiteLLM, Azure). Leave it empty for the provider\'s own.'),
    value: current.baseUrl ?? '',
    validate: (v) => (!v.trim() || isHttpUrl(v.trim()) ? undefined : l10n.t('Enter an http:// or https:// URL, or nothing.')),
  }))?.trim();
  if (baseUrl === undefined) return undefined;
  const apiKey = await askKey(prompter, current.keySet, Boolean(baseUrl));
  if (apiKey === undefined) return undefined;
  return { model, baseUrl, ...(apiKey ? { apiKey } : {}) };
}

/** The key; '' keeps the stored one, or sends none to a base URL (a local LLM needs none). */
async function askKey(prompter: Prompter, keySet: boolean, ownEndpoint: boolean): Promise<string | undefined> {
  const optional = keySet || ownEndpoint;
  const prompt = keySet
    ? l10n.t('The key for the LLM. Leave it empty to keep the stored key. It is sent to the server and never shown again.')
    : ownEndpoint
      ? l10n.t('The key for the LLM, if the endpoint needs one. It is sent to the server and never shown again.')
      : l10n.t('The key for the LLM provider. It is sent to the server and never shown again.');
  return (await prompter.input({
    title: l10n.t('Configure LLM (3/3): API key'),
    prompt,
    password: true,
    validate: (v) => (optional || v.trim() ? undefined : l10n.t('Enter the LLM API key.')),
  }))?.trim();
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}
