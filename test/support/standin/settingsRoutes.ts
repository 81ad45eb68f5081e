// GET and POST /api/settings of OpenHands 0.54.0 (openhands/server/routes/settings.py).
import { type Body, type Reply, jsonReply, validateBody } from './http';
import { EMPTY_SECRETS_STORE, FLOAT_FIELDS, KEPT_WHEN_NULL, SECRET_FIELDS, SETTINGS_FIELDS, settingsModel } from './models';
import { PyFloat, containsLoneSurrogate } from './pyJson';
import { type ServerState } from './state';

/** The 25 Settings fields in model order, secrets blanked, then the three token flags of GETSettingsModel. */
export function getSettings(state: ServerState): Reply {
  const stored = state.settings;
  if (!stored) return jsonReply(404, { error: 'Settings not found' });
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS_FIELDS)) {
    const value = stored[name] ?? null;
    if ((SECRET_FIELDS as readonly string[]).includes(name)) out[name] = null;
    else if (name === 'secrets_store') out[name] = EMPTY_SECRETS_STORE();
    else if (FLOAT_FIELDS.has(name) && typeof value === 'number') out[name] = new PyFloat(value);
    else out[name] = value;
  }
  // Only tokens that made it into secrets.json count; the value is the token's host.
  const providerTokensSet: Record<string, string | null> = {};
  for (const [provider, token] of Object.entries(state.providerTokens ?? {})) providerTokensSet[provider] = token?.host ?? null;
  out.provider_tokens_set = providerTokensSet;
  // bool(SecretStr('')) is False, a whitespace key counts as set.
  out.llm_api_key_set = Boolean(stored.llm_api_key);
  out.search_api_key_set = Boolean(stored.search_api_key);
  return jsonReply(200, out);
}

/** Replaces the stored settings; only the LLM keys, model, base URL and analytics consent survive a null. */
export function postSettings(state: ServerState, body: Body): Reply {
  const result = validateBody<Record<string, unknown>>(settingsModel, body);
  if ('reply' in result) return result.reply;
  const settings = result.value;
  const existing = state.settings;
  if (existing) for (const name of KEPT_WHEN_NULL) if (settings[name] === null) settings[name] = existing[name] ?? null;
  // settings.json is written with model_dump_json: SecretStr shows as its mask (empty stays empty), inf/nan as null.
  if (typeof settings.sandbox_api_key === 'string') settings.sandbox_api_key = settings.sandbox_api_key ? '**********' : '';
  if (typeof settings.max_budget_per_task === 'number' && !Number.isFinite(settings.max_budget_per_task)) {
    settings.max_budget_per_task = null;
  }
  // A string pydantic cannot encode makes the store fail, which the handler reports as its own 500.
  if (containsLoneSurrogate(settings)) {
    return jsonReply(500, { error: 'Something went wrong storing settings' });
  }
  state.settings = settings;
  return jsonReply(200, { message: 'Settings stored' });
}
