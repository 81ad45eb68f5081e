// Settings on an OpenHands Agent Server (GET and PATCH /api/settings, its schemas beside them): V1's shape, so
// V1's adapter reads and writes them through this dialect. Two differences matter. A stored secret reads as the
// mask "**********" (V1: null), and a PATCH carrying the mask back stores the mask as the key, i.e. clears it
// (SDK utils/pydantic_secrets.py): the mask is read as "not shown" and never sent, wherever it appears.
// The key's flag is `llm_api_key_is_set` (V1: `llm_api_key_set`).
import { isRecord } from '../guards';
import type { SettingsDialect } from '../v1/v1SettingsApi';
import { agentUnsupportedFields } from './agentFields';

/** What the agent server writes in place of a stored secret. */
export const SECRET_MASK = '**********';

export function agentSettingsDialect(): SettingsDialect {
  return { path: '/api/settings', writeMethod: 'PATCH', unsupported: agentUnsupportedFields(), read: asV1Settings, write: withoutMask };
}

/** The answer as V1 writes it: each masked secret null, the key's flag under V1's name. */
function asV1Settings(body: unknown): unknown {
  const unmasked = withoutMasks(body);
  if (!isRecord(unmasked)) return unmasked;
  return { ...unmasked, llm_api_key_set: unmasked.llm_api_key_is_set };
}

function withoutMasks(value: unknown): unknown {
  if (value === SECRET_MASK) return null;
  if (Array.isArray(value)) return value.map(withoutMasks);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutMasks(inner)]));
}

/** A diff body without any entry holding the mask, and without the maps left empty by that. */
export function withoutMask(body: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === SECRET_MASK) continue;
    if (!isRecord(value)) {
      kept[key] = value;
      continue;
    }
    const inner = withoutMask(value);
    if (Object.keys(inner).length || !Object.keys(value).length) kept[key] = inner;
  }
  return kept;
}
