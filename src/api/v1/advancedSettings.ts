// The settings a V1 server keeps beyond the panel's own fields, as the server publishes them
// (/api/v1/settings/agent-schema and /conversation-schema): sections of fields with labels, types, choices and
// which are secret. A panel built from them keeps up with a newer server without a release of this extension.
import type { AdvancedField, AdvancedSection, AdvancedSettings } from '../model/advancedSettings';
import { readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import { SettingsSchemaDocument, type SchemaField } from './schemas';
import { V1_LOCATIONS } from './settingsMapping';
import { l10n } from '../../base/l10n';

type Document = SettingsSchemaDocument;

export interface Schemas {
  readonly agent: Document;
  readonly conversation: Document;
}

/** The two schemas published beside the settings route `settingsPath` (V1's, or the agent server's own). */
export async function fetchSchemas(transport: Transport, settingsPath: string, call?: CallOptions): Promise<Schemas> {
  const [agent, conversation] = await Promise.all(['agent-schema', 'conversation-schema'].map(async (name) =>
    readAnswer(await transport.send('GET', `${settingsPath}/${name}`, undefined, call), SettingsSchemaDocument())));
  return { agent: agent!, conversation: conversation! };
}

/** The panel's own fields, and mcp_config, which the server replaces wholesale (its GET drops MCP secrets). */
const SHOWN_ELSEWHERE = new Set([
  ...Object.values(V1_LOCATIONS).map((at) => (at.section === 'top' ? at.path : [at.section, ...at.path]).join('.')),
  'agent_settings.mcp_config',
]);

const VALUE_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);

/** The advanced sections for the stored settings `answer`: the agent kind's own sections, then the conversation's. */
export function advancedSettings(schemas: Schemas, answer: Record<string, unknown>): AdvancedSettings {
  const kind = valueAt(answer, 'agent_settings.agent_kind') ?? 'openhands';
  const sections = [
    ...sectionsOf(schemas.agent, 'agent_settings', answer, (variant) => !variant || variant === kind),
    ...sectionsOf(schemas.conversation, 'conversation_settings', answer, () => true),
  ];
  return { sections: sections.filter((section) => section.fields.length > 0) };
}

function sectionsOf(document: Document, root: string, answer: Record<string, unknown>, applies: (variant: string | null | undefined) => boolean): AdvancedSection[] {
  return document.sections.filter((section) => applies(section.variant)).map((section) => ({
    id: `${root}:${section.key}`,
    label: root === 'conversation_settings' ? l10n.t('Conversation: {0}', section.label) : section.label,
    fields: section.fields.map((field) => fieldOf(field, root, answer)).filter((field) => !SHOWN_ELSEWHERE.has(field.path)),
  }));
}

function fieldOf(field: SchemaField, root: string, answer: Record<string, unknown>): AdvancedField {
  const path = `${root}.${field.key}`;
  return {
    path,
    label: field.label,
    description: field.description ?? '',
    valueType: (VALUE_TYPES.has(field.value_type) ? field.value_type : 'unknown') as AdvancedField['valueType'],
    secret: field.secret === true,
    choices: (field.choices ?? []).map((choice) => String(choice.value)),
    dependsOn: (field.depends_on ?? []).map((key) => `${root}.${key}`),
    value: field.secret === true ? null : valueAt(answer, path),
  };
}

/** The value at a dotted path of a settings answer. */
export function valueAt(answer: Record<string, unknown>, path: string): unknown {
  let node: unknown = answer;
  for (const key of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/** The V1 body that sets one dotted path: `agent_settings.llm.x` → `{agent_settings_diff: {llm: {x}}}`. */
export function advancedBody(path: string, value: unknown): Record<string, unknown> {
  const [root, ...rest] = path.split('.');
  const diff = rest.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  return rest.length ? { [`${root}_diff`]: diff } : { [root]: value };
}
