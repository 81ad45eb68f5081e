// GET and POST /api/settings of OpenHands 0.54.0 (openhands/server/routes/settings.py), and of 1.6.0, the mixed
// line, whose model has five fields more and whose POST keeps and clears a few fields its own way.
import { type Body, type Reply, jsonReply, validateBody } from './http';
import { EMPTY_SECRETS_STORE, FLOAT_FIELDS, KEPT_WHEN_NULL, SECRET_FIELDS, SETTINGS_FIELDS, type V0SettingsLine, settingsModel } from './models';
import { PyFloat, containsLoneSurrogate } from './pyJson';
import { pyStrip } from './pyText';
import { type ServerState } from './state';

/** The Settings fields in model order, secrets blanked, then the three token flags of GETSettingsModel. */
export function getSettings(state: ServerState, line: V0SettingsLine = 'v0'): Reply {
  const stored = state.settings;
  if (!stored) return jsonReply(404, { error: 'Settings not found' });
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS_FIELDS[line])) {
    const value = stored[name] ?? null;
    if ((SECRET_FIELDS as readonly string[]).includes(name)) out[name] = null;
    else if (name === 'secrets_store') out[name] = EMPTY_SECRETS_STORE();
    else if (FLOAT_FIELDS.has(name) && typeof value === 'number') out[name] = new PyFloat(value);
    else out[name] = value;
  }
  // 1.6.0's file store sets v1_enabled on every load, whatever was saved.
  if (line === 'mixed') out.v1_enabled = true;
  // Only tokens that made it into secrets.json count; the value is the token's host.
  const providerTokensSet: Record<string, string | null> = {};
  for (const [provider, token] of Object.entries(state.providerTokens ?? {})) providerTokensSet[provider] = token?.host ?? null;
  out.provider_tokens_set = providerTokensSet;
  // bool(SecretStr('')) is False, a whitespace key counts as set.
  out.llm_api_key_set = Boolean(stored.llm_api_key);
  out.search_api_key_set = Boolean(stored.search_api_key);
  return jsonReply(200, out);
}

/** Replaces the stored settings; only a few fields survive a null (KEPT_WHEN_NULL, and keepMixed for 1.6.0). */
export function postSettings(state: ServerState, body: Body, line: V0SettingsLine = 'v0'): Reply {
  const result = validateBody<Record<string, unknown>>(settingsModel[line], body);
  if ('reply' in result) return result.reply;
  const settings = result.value;
  const existing = state.settings;
  if (existing) for (const name of KEPT_WHEN_NULL[line]) if (settings[name] === null) settings[name] = existing[name] ?? null;
  if (line === 'mixed') keepMixed(settings, existing);
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

/**
 * 1.6.0's store_llm_settings: a null base URL keeps a non-empty stored one ("" then clears it), a search key
 * that is null or "" keeps the stored one, and its key serializer stores a blank or whitespace key as null.
 * (A null base URL with none stored is filled in from litellm's provider default, which GET hides again: not
 * modelled, it reads back null either way.)
 */
function keepMixed(settings: Record<string, unknown>, existing: Record<string, unknown> | null): void {
  if (existing) {
    if (settings.llm_base_url === null) settings.llm_base_url = existing.llm_base_url || null;
    else if (settings.llm_base_url === '') settings.llm_base_url = null;
    if (!settings.search_api_key) settings.search_api_key = existing.search_api_key ?? null;
  }
  for (const name of ['llm_api_key', 'search_api_key']) {
    if (typeof settings[name] === 'string' && !pyStrip(settings[name] as string)) settings[name] = null;
  }
}
