// Builds the body of `POST /api/settings` for an edit. The server replaces the whole stored object
// (omitted fields go back to their defaults) and keeps a stored llm_api_key / search_api_key only when the
// body omits it or sends null. So an edit starts from a fresh GET, changes only what the person edited, and
// leaves every secret out unless the person set or cleared it. Nothing masked is ever sent back.
import type * as z from 'zod/mini';
import { LOADED_FLAGS, SECRET_SETTING_FIELDS, type LoadedSettings, type SettingsChange } from '../model/settings';
import { Outgoing } from './schemas';

/** The load-only flags (the server ignores them in a POST), and secrets_store: accepted and discarded by the
 * server, and a 422 when null. Neither is ever sent. */
const NEVER_SENT = new Set<string>([...LOADED_FLAGS, ...SECRET_SETTING_FIELDS, 'secrets_store']);
const SECRETS = new Set<string>(SECRET_SETTING_FIELDS);

export interface SettingsBody {
  /** The object to POST: every loaded field, the change applied, untouched secrets left out. */
  readonly body: Record<string, unknown>;
  /** Problems with the known fields, judged by the server's own rules; empty when the body may be sent. */
  readonly issues: readonly z.core.$ZodIssue[];
}

export function buildSettingsBody(current: LoadedSettings | null, change: SettingsChange): SettingsBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current ?? {})) {
    // Fields a newer server added are sent back unchanged, so saving here does not erase them there.
    if (!NEVER_SENT.has(key)) body[key] = value;
  }
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || (SECRETS.has(key) && value === null)) continue;
    body[key] = value;
  }
  const schema = Outgoing().Settings;
  const known = Object.fromEntries(Object.entries(body).filter(([key]) => Object.hasOwn(schema.shape, key)));
  const checked = schema.safeParse(known);
  return { body, issues: checked.success ? [] : checked.error.issues };
}
