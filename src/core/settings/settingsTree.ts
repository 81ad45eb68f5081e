// The settings panel's content, built from a loaded settings object: groups, leaves with their values as
// descriptions, and the context tokens that decide which actions a leaf offers. Secrets appear only as
// "set" or "not set": the server never sends their values, and nothing here could show one.
import type { AdvancedField } from '../../api/client';
import type { LoadedSettings, McpConfig, McpRemoteServer, McpStdioServer, SettingsField } from '../../api/v0/schemas';
import { ViewItem, contextValue } from '../platform/viewItems';
import { isRemoteEntry, type McpListKey } from './mcpEntries';
import { SETTINGS_GROUPS, resetValue, type FieldSpec, type GroupSpec } from './settingsFields';

export interface SettingsNode {
  /** Stable across reloads, so the tree keeps its expansion state. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip: string;
  readonly icon?: string;
  /** The ViewItem tokens for `viewItem` when clauses: the node's kind, then flags. */
  readonly contextValue: string;
  readonly children?: readonly SettingsNode[];
  readonly field?: SettingsField;
  readonly mcp?: { readonly list: McpListKey; readonly index?: number };
  /** A setting of the server's published shape (the Advanced group). */
  readonly advanced?: AdvancedField;
}

export const MCP_LISTS: readonly { readonly key: McpListKey; readonly label: string }[] = [
  { key: 'sse_servers', label: 'SSE' },
  { key: 'shttp_servers', label: 'Streamable HTTP' },
  { key: 'stdio_servers', label: 'stdio' },
];

const PROVIDER_DOMAINS: Record<string, string> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
const SAVING = ' (saving…)';

/** Fields whose edits have not been confirmed by the server yet, with the value being saved. */
export type PendingEdits = ReadonlyMap<string, unknown>;

/** The panel's groups; fields the server does not keep (`hidden`) are left out, the MCP group with mcp_config. */
export function buildSettingsTree(settings: LoadedSettings, pending: PendingEdits = new Map(), hidden: ReadonlySet<SettingsField> = new Set()): SettingsNode[] {
  const shown = SETTINGS_GROUPS
    .filter((group) => !(group.id === 'mcp' && hidden.has('mcp_config')))
    .map((group) => ({ ...group, fields: group.fields.filter((spec) => !hidden.has(spec.field)) }));
  return shown.map((group) => ({
    id: `group:${group.id}`,
    label: group.label,
    icon: group.icon,
    tooltip: group.label,
    contextValue: contextValue(ViewItem.Group, group.id === 'providers' && ViewItem.ProviderTokens),
    children: childrenOf(group, settings, pending),
    ...(group.id === 'mcp' && pending.has('mcp_config') ? { description: 'saving…' } : {}),
  }));
}

function childrenOf(group: GroupSpec, settings: LoadedSettings, pending: PendingEdits): SettingsNode[] {
  if (group.id === 'mcp') return mcpNodes(settings.mcp_config ?? null);
  if (group.id === 'providers') return providerNodes(settings.provider_tokens_set ?? null);
  return group.fields.map((spec) => fieldNode(spec, settings, pending));
}

function fieldNode(spec: FieldSpec, settings: LoadedSettings, pending: PendingEdits): SettingsNode {
  const saving = pending.has(spec.field);
  const shown = saving ? describeValue(spec, pending.get(spec.field), settings, true) : describeValue(spec, settings[spec.field], settings, false);
  const secret = spec.kind === 'secret';
  return {
    id: `field:${spec.field}`,
    label: spec.label,
    description: shown + (saving ? SAVING : ''),
    tooltip: `${spec.label}: ${shown}\n${spec.help}`,
    contextValue: contextValue(
      ViewItem.Field,
      secret && ViewItem.Secret,
      spec.kind !== 'readonly' && !saving && ViewItem.Editable,
      canReset(spec, settings) && !saving && ViewItem.Resettable,
      secret && secretState(spec.field, settings) === 'set' && ViewItem.SecretSet,
    ),
    field: spec.field,
  };
}

/** The text shown for a value: the value itself, "not set", "on (default)", or for secrets only "set"/"not set". */
export function describeValue(spec: FieldSpec, value: unknown, settings: LoadedSettings, isPendingValue: boolean): string {
  if (spec.kind === 'secret') {
    if (isPendingValue) return value === '' ? 'not set' : 'set';
    return secretState(spec.field, settings);
  }
  if (value === null || value === undefined || value === '') return spec.defaultValue === undefined ? 'not set' : `default (${onOff(spec.defaultValue)})`;
  if (typeof value === 'boolean') return value === spec.defaultValue ? `${onOff(value)} (default)` : onOff(value);
  return String(value);
}

function secretState(field: SettingsField, settings: LoadedSettings): string {
  if (field === 'llm_api_key') return settings.llm_api_key_set ? 'set' : 'not set';
  if (field === 'search_api_key') return settings.search_api_key_set ? 'set' : 'not set';
  return 'not reported';
}

function canReset(spec: FieldSpec, settings: LoadedSettings): boolean {
  const target = resetValue(spec);
  if (target === undefined || spec.kind === 'readonly') return false;
  if (spec.kind === 'secret') return secretState(spec.field, settings) === 'set';
  const current = settings[spec.field];
  return !(current === target || ((current === null || current === undefined) && (target === null || target === '')));
}

function onOff(value: boolean): string {
  return value ? 'on' : 'off';
}

function mcpNodes(config: McpConfig | null): SettingsNode[] {
  return MCP_LISTS.map(({ key, label }) => {
    const entries = config?.[key] ?? [];
    return {
      id: `mcp:${key}`,
      label,
      description: entries.length ? String(entries.length) : 'none',
      tooltip: `${label} MCP servers`,
      contextValue: ViewItem.McpList,
      mcp: { list: key },
      children: entries.map((entry: McpRemoteServer | McpStdioServer, index): SettingsNode => {
        const { label, description } = describeMcpEntry(entry);
        return {
          id: `mcp:${key}:${index}`,
          label,
          description,
          tooltip: `${label}\n${description}`,
          contextValue: ViewItem.McpEntry,
          mcp: { list: key, index },
        };
      }),
    };
  });
}

/** An MCP entry's name or URL and a summary; an api_key shows only as set, env only by its names. */
function describeMcpEntry(entry: McpRemoteServer | McpStdioServer): { label: string; description: string } {
  if (isRemoteEntry(entry)) return { label: entry.url, description: entry.api_key ? 'API key set' : 'no API key' };
  const env = Object.keys(entry.env ?? {});
  return { label: entry.name, description: [entry.command, ...(entry.args ?? [])].join(' ') + (env.length ? ` · env: ${env.join(', ')}` : '') };
}

function providerNodes(tokens: Record<string, string | null> | null): SettingsNode[] {
  const entries = Object.entries<string | null>(tokens ?? {});
  if (!entries.length) {
    return [{
      id: 'provider:none', label: 'No git provider tokens', description: 'add one on the server',
      tooltip: 'The server has no token for GitHub, GitLab or Bitbucket, so conversations cannot clone a repository.',
      contextValue: ViewItem.ProviderTokens,
    }];
  }
  return entries.map(([provider, host]) => ({
    id: `provider:${provider}`,
    label: provider,
    description: host ?? PROVIDER_DOMAINS[provider] ?? 'default host',
    tooltip: `The server has a ${provider} token${host ? ` for ${host}` : ''}.`,
    contextValue: ViewItem.ProviderTokens,
  }));
}
