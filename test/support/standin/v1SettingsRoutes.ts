// GET and POST /api/v1/settings and the two schema routes of OpenHands 1.11.0
// (openhands/app_server/settings/settings_router.py).
import { type Body, NO_BODY, type Reply, crashReply, jsonReply, validationReply } from './http';
import { PydanticError, coerce, isFailure, refusal } from './pydantic';
import { type PyDict, type PyValue, clonePy, dumpPyJson, parsePyJson } from './pyJson';
import { recordedText } from './recorded';
import { type ServerState } from './state';
import { AGENT_SCHEMA, CONVERSATION_SCHEMA, GET_ONLY, TOP_LEVEL_RULES, TOP_LEVEL_SECRETS, agentFieldRules, defaultSettings } from './v1Models';
import { StoreFailure, applyPayload } from './v1SettingsMerge';

const LEGACY_KEYS = ['agent_settings', 'conversation_settings'];

export const agentSchema = (): Reply => ({ status: 200, body: recordedText(AGENT_SCHEMA), contentType: 'application/json' });
export const conversationSchema = (): Reply => ({ status: 200, body: recordedText(CONVERSATION_SCHEMA), contentType: 'application/json' });

/**
 * FileSettingsStore.load: the stored file through the model again. A top-level value that setattr let in
 * unchecked (its POST answered 200) fails here on every later request, until the file is mended by hand.
 */
function load(state: ServerState): PyDict | PydanticError | null {
  if (state.v1Settings === null) return null;
  const settings = parsePyJson(state.v1Settings) as PyDict;
  for (const [key, rule] of Object.entries(TOP_LEVEL_RULES)) {
    const value = settings.get(key) ?? null;
    const taken = coerce(rule, value);
    if (isFailure(taken)) return refusal('Settings', key, taken, value);
    settings.set(key, taken);
  }
  return settings;
}

const nonEmpty = (value: PyValue | undefined): boolean => typeof value === 'string' && value !== '';

/** The stored settings with every secret blanked and v1_enabled forced on, then GETSettingsModel's flags. */
export function getV1Settings(state: ServerState): Reply {
  const settings = load(state);
  if (!settings) return jsonReply(404, { error: 'Settings not found' });
  if (settings instanceof PydanticError) return crashReply(); // in a dependency, outside the route's try
  const out = clonePy(settings) as PyDict;
  const agent = out.get('agent_settings') as PyDict;
  for (const [key, rule] of agentFieldRules()) {
    if (!rule.secret) continue;
    const path = key.split('.');
    let node: PyValue | undefined = agent;
    for (const part of path.slice(0, -1)) node = node instanceof Map ? node.get(part) : undefined;
    if (node instanceof Map && node.has(path[path.length - 1])) node.set(path[path.length - 1], null);
  }
  for (const key of TOP_LEVEL_SECRETS) out.set(key, null);
  out.set('v1_enabled', true);
  const llm = (settings.get('agent_settings') as PyDict).get('llm') as PyDict;
  const flags: Record<(typeof GET_ONLY)[number], PyValue> = {
    // settings_router: the provider tokens of the secrets store with a token or a user id, each with its host.
    provider_tokens_set: new Map(Object.entries(state.providerTokens ?? {})
      .filter(([, stored]) => stored?.token || stored?.user_id).map(([provider, stored]) => [provider, stored?.host ?? null])),
    llm_api_key_set: nonEmpty(llm.get('api_key')) && String(llm.get('api_key')).trim() !== '',
    search_api_key_set: nonEmpty(settings.get('search_api_key')),
  };
  for (const key of GET_ONLY) out.set(key, flags[key]);
  return jsonReply(200, out);
}

/** `payload: dict[str, Any]`, then the legacy-key refusal, then Settings.update and the store. */
export function postV1Settings(state: ServerState, body: Body): Reply {
  if (body === NO_BODY) return validationReply([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  if (!(body instanceof Map)) return validationReply([{ type: 'dict_type', loc: ['body'], msg: 'Input should be a valid dictionary', input: body }]);
  const legacy = LEGACY_KEYS.filter((key) => body.has(key)).sort();
  if (legacy.length) return jsonReply(422, { error: 'Use *_diff nested settings payloads instead of legacy keys', keys: legacy });
  const existing = load(state);
  try {
    if (existing instanceof PydanticError) throw existing;
    const settings = existing ?? defaultSettings();
    applyPayload(settings, body, existing !== null);
    state.v1Settings = dumpPyJson(settings);
    return jsonReply(200, { message: 'Settings stored' });
  } catch (e) {
    if (e instanceof PydanticError) return jsonReply(400, { error: e.message });
    if (e instanceof StoreFailure) return jsonReply(500, { error: 'Something went wrong storing settings' });
    throw e;
  }
}
