// What the person types for a field of the settings panel, read by the field's rules before anything is sent.
// Apart from the table (settingsFields.ts) because only the editors read it, so it loads with them, not at
// activation.
import { l10n } from '../../base/l10n';
import type { SettingsField } from '../../api/model/settings';
import { settingsGroups, type FieldSpec } from './settingsFields';

export function fieldSpec(field: SettingsField): FieldSpec | undefined {
  return settingsGroups().flatMap((g) => g.fields).find((f) => f.field === field);
}

export type Parsed = { readonly ok: true; readonly value: string | number | null } | { readonly ok: false; readonly problem: string };

/** Reads what the person typed for a field; an empty entry unsets it. */
export function parseInput(spec: FieldSpec, raw: string): Parsed {
  const text = raw.trim();
  if (spec.kind === 'integer' || spec.kind === 'number') {
    if (!text) return { ok: true, value: null };
    const value = Number(text);
    const min = spec.min ?? Number.NEGATIVE_INFINITY;
    if (!Number.isFinite(value)) return { ok: false, problem: l10n.t('{0} must be a number.', spec.label) };
    if (spec.kind === 'integer' && !Number.isInteger(value)) return { ok: false, problem: l10n.t('{0} must be a whole number.', spec.label) };
    if (value < min) return { ok: false, problem: l10n.t('{0} must be at least {1}.', spec.label, min) };
    return { ok: true, value };
  }
  if (!text) return { ok: true, value: spec.unsetAs === 'empty' ? '' : null };
  return { ok: true, value: text };
}
