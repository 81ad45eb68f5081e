// The Settings panel's "Advanced" group on a server that publishes its settings' shape: a node per section and
// per field, labelled and typed as the server describes them. Secrets show only whether they are reported, and
// a typed value is read by the field's own type before anything is sent.
import type { AdvancedField, AdvancedSettings } from '../../api/model/advancedSettings';
import { l10n } from '../../base/l10n';
import { ViewItem, contextValue } from '../platform/viewItems';
import { savingText, type SettingsNode } from './settingsTree';

export function advancedGroup(advanced: AdvancedSettings, pending: ReadonlyMap<string, unknown> = new Map()): SettingsNode {
  return {
    id: 'group:advanced',
    label: l10n.t('Advanced'),
    icon: 'tools',
    tooltip: l10n.t('Every other setting the server keeps, as the server describes them.'),
    contextValue: contextValue(ViewItem.Group),
    children: advanced.sections.map((section) => ({
      id: `advanced:${section.id}`,
      label: section.label,
      tooltip: section.label,
      contextValue: contextValue(ViewItem.Group),
      children: section.fields.map((field) => fieldNode(field, pending)),
    })),
  };
}

function fieldNode(field: AdvancedField, pending: ReadonlyMap<string, unknown>): SettingsNode {
  const saving = pending.has(field.path);
  const shown = describeAdvanced(field, saving ? pending.get(field.path) : field.value, saving);
  const editable = field.valueType !== 'unknown' && !saving;
  const applies = field.dependsOn.length ? [l10n.t('Applies with: {0}', field.dependsOn.join(', '))] : [];
  return {
    id: `advanced:${field.path}`,
    label: field.label,
    description: saving ? savingText(shown) : shown,
    tooltip: [l10n.t('{0}: {1}', field.label, shown), field.description, ...applies, field.path].join('\n'),
    contextValue: contextValue(ViewItem.Field, field.secret && ViewItem.Secret, editable && ViewItem.Editable),
    // A secret's value never travels with the node, whatever the server sent.
    advanced: field.secret ? { ...field, value: null } : field,
  };
}

/** A value as shown: secrets never (the server reports none), JSON for lists and objects, "not set" for none. */
export function describeAdvanced(field: AdvancedField, value: unknown, isPendingValue = false): string {
  if (field.secret) return isPendingValue ? (value === '' ? l10n.t('not set') : l10n.t('set')) : l10n.t('not reported');
  if (value === null || value === undefined || value === '') return l10n.t('not set');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export type ParsedAdvanced = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

/** Reads what the person typed by the field's type; empty unsets it (null). */
export function parseAdvanced(field: AdvancedField, raw: string): ParsedAdvanced {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  switch (field.valueType) {
    case 'integer':
    case 'number': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { ok: false, problem: l10n.t('{0} must be a number.', field.label) };
      if (field.valueType === 'integer' && !Number.isInteger(value)) return { ok: false, problem: l10n.t('{0} must be a whole number.', field.label) };
      return { ok: true, value };
    }
    case 'boolean':
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false, problem: l10n.t('{0} is true or false.', field.label) };
    case 'array':
    case 'object':
      return parseJson(field, text);
    case 'string':
    case 'unknown':
      return { ok: true, value: text };
  }
}

function parseJson(field: AdvancedField, text: string): ParsedAdvanced {
  const array = field.valueType === 'array';
  try {
    const value: unknown = JSON.parse(text);
    if (array !== Array.isArray(value) || typeof value !== 'object' || value === null) {
      return { ok: false, problem: array ? l10n.t('{0} is a JSON array.', field.label) : l10n.t('{0} is a JSON object.', field.label) };
    }
    return { ok: true, value };
  } catch {
    return { ok: false, problem: array ? l10n.t('{0} is a JSON array; that is not valid JSON.', field.label) : l10n.t('{0} is a JSON object; that is not valid JSON.', field.label) };
  }
}
