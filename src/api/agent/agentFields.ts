// Which of the settings model's fields an OpenHands Agent Server keeps: only the agent's and the conversation's
// sections of V1's settings (it has no top-level user settings: no language, git identity, sandbox images or
// search key). Apart from the adapter so that the client offers the panel's fields before the adapter is loaded.
import { SETTINGS_FIELDS, type SettingsField } from '../model/settings';
import { V1_LOCATIONS, V1_UNSUPPORTED } from '../v1/settingsMapping';

/** The model's fields the agent server does not keep: V1's unsupported ones and V1's top-level ones. */
export function agentUnsupportedFields(): ReadonlySet<SettingsField> {
  return new Set(SETTINGS_FIELDS.filter((field) => V1_UNSUPPORTED.has(field) || (V1_LOCATIONS[field]?.section ?? 'top') === 'top'));
}
