// The Settings panel's "Advanced" group on a server that publishes its settings' shape: a node per section and
// per field, labelled and typed as the server describes them. Secrets show only whether they are reported, and
// a typed value is read by the field's own type before anything is sent.
import type { AdvancedField, AdvancedSettings } from '../../api/client';
import { ViewItem, contextValue } from '../platform/viewItems';
import type { SettingsNode } from './settingsTree';

export function advancedGroup(advanced: AdvancedSettings, pending: ReadonlyMap<string, unknown> = new Map()): SettingsNode {
  return {
    id: 'group:advanced',
    label: 'Advanced',
    icon: 'tools',
    tooltip: 'Every other setting the server keeps, as the server describes them.',
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
  const applies = field.dependsOn.length ? `\nApplies with: ${field.dependsOn.join(', ')}` : '';
  return {
    id: `advanced:${field.path}`,
    label: field.label,
    description: shown + (saving ? ' (saving…)' : ''),
    tooltip: `${field.label}: ${shown}\n${field.description}${applies}\n${field.path}`,
    contextValue: contextValue(ViewItem.Field, field.secret && ViewItem.Secret, editable && ViewItem.Editable),
    // A secret's value never travels with the node, whatever the server sent.
    advanced: field.secret ? { ...field, value: null } : field,
  };
}

/** A value as shown: secrets never (the server reports none), JSON for lists and objects, "not set" for none. */
export function describeAdvanced(field: AdvancedField, value: unknown, isPendingValue = false): string {
  if (field.secret) return isPendingValue ? (value === '' ? 'not set' : 'set') : 'not reported';
  if (value === null || value === undefined || value === '') return 'not set';
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
      if (!Number.isFinite(value)) return { ok: false, problem: `${field.label} must be a number.` };
      if (field.valueType === 'integer' && !Number.isInteger(value)) return { ok: false, problem: `${field.label} must be a whole number.` };
      return { ok: true, value };
    }
    case 'boolean':
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false, problem: `${field.label} is true or false.` };
    case 'array':
    case 'object':
      return parseJson(field, text);
    case 'string':
    case 'unknown':
      return { ok: true, value: text };
  }
}

function parseJson(field: AdvancedField, text: string): ParsedAdvanced {
  try {
    const value: unknown = JSON.parse(text);
    const isArray = Array.isArray(value);
    if ((field.valueType === 'array') !== isArray || typeof value !== 'object' || value === null) {
      return { ok: false, problem: `${field.label} is a JSON ${field.valueType}.` };
    }
    return { ok: true, value };
  } catch {
    return { ok: false, problem: `${field.label} is a JSON ${field.valueType}; that is not valid JSON.` };
  }
}
