// Settings.update of OpenHands 1.11.0: agent_settings_diff and conversation_settings_diff deep-merged into the
// stored models, other known top-level keys set, unknown keys dropped without a word (the route still says
// "Settings stored"). A value the model refuses raises PydanticError (the route's 400) or StoreFailure (500).
import { type FieldRule, PydanticError, coerce, isFailure, refusal } from './pydantic';
import { type PyDict, type PyValue } from './pyJson';
import { NOT_SET_DIRECTLY, agentFieldRules, conversationFieldRules, ruleFromDefault } from './v1Models';

/** Anything but a ValueError inside the route: its own 500 "Something went wrong storing settings". */
export class StoreFailure extends Error {}

/** How /users/me shows a secret; search_api_key keeps it literally, llm.api_key takes it as a clear. */
const MASK = '**********';
const AGENT_TITLE = 'tagged-union[OpenHandsAgentSettings,LLMAgentSettings,ACPAgentSettings]';
// Nested models by field, for pydantic's model_type message; the others were not seen refused.
const MODEL_NAMES: Record<string, string> = { llm: 'LLM' };

interface Scope {
  title: string;
  rules: Map<string, FieldRule>;
  /** pydantic's location of a dotted key: the agent union's tag, the condenser's kind. */
  loc: (path: string[], tree: PyDict) => string;
}

const agentScope = (): Scope => ({
  title: AGENT_TITLE,
  rules: agentFieldRules(),
  loc: (path, tree) => {
    const kind = (tree.get('condenser') as PyDict | undefined)?.get('condenser_kind');
    const parts = path[0] === 'condenser' && typeof kind === 'string' ? [path[0], kind, ...path.slice(1)] : path;
    return ['openhands', ...parts].join('.');
  },
});

const conversationScope = (): Scope => ({ title: 'ConversationSettings', rules: conversationFieldRules(), loc: (path) => path.join('.') });

/** Merges `diff` into `target` (a stored model), keeping only keys the model has. */
function mergeModel(scope: Scope, root: PyDict, target: PyDict, diff: PyDict, path: string[]): void {
  for (const [key, value] of diff) {
    if (!target.has(key)) continue; // extra='ignore'
    const here = [...path, key];
    const current = target.get(key) ?? null;
    if (current instanceof Map && current.size > 0) {
      if (!(value instanceof Map)) {
        const name = MODEL_NAMES[key];
        if (!name) throw new StoreFailure(`${here.join('.')} is not a dictionary`);
        throw new PydanticError(scope.title, scope.loc(here, root), 'model_type', `Input should be a valid dictionary or instance of ${name}`, value);
      }
      mergeModel(scope, root, current, value, here);
      continue;
    }
    if (current instanceof Map && value instanceof Map) {
      for (const [k, v] of value) current.set(k, v); // a free-form dict (litellm_extra_body...)
      continue;
    }
    const dotted = here.join('.');
    // llm.model feeds the base-URL fixup before validation: a non-string breaks it there.
    if (dotted === 'llm.model' && typeof value !== 'string') throw new StoreFailure('model is not a string');
    const rule = scope.rules.get(dotted) ?? ruleFromDefault(current);
    const taken = coerce(rule, value);
    if (isFailure(taken)) throw refusal(scope.title, scope.loc(here, root), taken, value);
    target.set(key, taken);
  }
}

/**
 * Top-level keys, as plain `setattr` (the model does not validate assignment, so a wrong type is stored as
 * sent and only fails at the next load); strings become SecretStr for the two key fields, '' None.
 */
function setTopLevel(settings: PyDict, key: string, value: PyValue): void {
  settings.set(key, (key === 'search_api_key' || key === 'sandbox_api_key') && value === '' ? null : value);
}

/** Applies a POST body to a copy of the stored settings (`settings` is changed in place). */
export function applyPayload(settings: PyDict, payload: PyDict, existed: boolean): void {
  const agentDiff = payload.get('agent_settings_diff');
  if (agentDiff instanceof Map) {
    const agent = settings.get('agent_settings') as PyDict;
    const mcp = agentDiff.get('mcp_config');
    mergeModel(agentScope(), agent, agent, agentDiff, []);
    if (agentDiff.has('mcp_config')) agent.set('mcp_config', mcp ?? null); // replaced, not merged
  }
  const conversationDiff = payload.get('conversation_settings_diff');
  if (conversationDiff instanceof Map) {
    const conversation = settings.get('conversation_settings') as PyDict;
    mergeModel(conversationScope(), conversation, conversation, conversationDiff, []);
  }
  const previous = new Map(settings);
  for (const [key, value] of payload) {
    if (key.endsWith('_settings_diff') || NOT_SET_DIRECTLY.has(key) || !settings.has(key)) continue;
    setTopLevel(settings, key, value);
  }
  const llm = (settings.get('agent_settings') as PyDict).get('llm') as PyDict;
  if (llm.get('base_url') === '') llm.set('base_url', null); // resolve_llm_base_url: '' clears it
  if (llm.get('api_key') === MASK) llm.set('api_key', null); // the mask sent back clears the key (OBSERVED-V1 3.3)
  if (!existed) return;
  // store_settings keeps these when the payload left them None.
  if (!payload.has('search_api_key') && settings.get('search_api_key') === null) settings.set('search_api_key', previous.get('search_api_key') ?? null);
  for (const key of ['user_consents_to_analytics', 'disabled_skills']) {
    if (settings.get(key) === null) settings.set(key, previous.get(key) ?? null);
  }
}
