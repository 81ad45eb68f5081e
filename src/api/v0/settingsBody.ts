// Builds the body of `POST /api/settings` for an edit. The server replaces the whole stored object
// (omitted fields go back to their defaults) and keeps a stored llm_api_key / search_api_key only when the
// body omits it or sends null. So an edit starts from a fresh GET, changes only what the person edited, and
// leaves every secret out unless the person set or cleared it. Nothing masked is ever sent back.
import type * as z from 'zod/mini';
import { Outgoing, SECRET_SETTING_FIELDS, type LoadedSettings, type Settings } from './schemas';

/** A change to the stored settings. A secret set to "" clears it; a secret absent or null is kept. */
export type SettingsChange = Omit<Settings, 'secrets_store'>;

/** Fields only the GET answer carries; the server ignores them in a POST, so they are not sent. */
const LOAD_ONLY_FIELDS = ['llm_api_key_set', 'search_api_key_set', 'provider_tokens_set'] as const;
/** Accepted and discarded by the server, and a 422 when null, so it is never sent. */
const NEVER_SENT = new Set<string>([...LOAD_ONLY_FIELDS, ...SECRET_SETTING_FIELDS, 'secrets_store']);
const SECRETS = new Set<string>(SECRET_SETTING_FIELDS);
const KNOWN_FIELDS = new Set(Object.keys(Outgoing.Settings.shape));

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
  const known = Object.fromEntries(Object.entries(body).filter(([key]) => KNOWN_FIELDS.has(key)));
  const checked = Outgoing.Settings.safeParse(known);
  return { body, issues: checked.success ? [] : checked.error.issues };
}
