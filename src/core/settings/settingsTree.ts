// The settings panel's content, built from a loaded settings object: groups, leaves with their values as
// descriptions, and the context tokens that decide which actions a leaf offers. Secrets appear only as
// "set" or "not set": the server never sends their values, and nothing here could show one.
import type { AdvancedField } from '../../api/model/advancedSettings';
import { l10n } from '../../base/l10n';
import { PROVIDER_DOMAINS, providerName } from '../../api/providerDomains';
import type { LoadedSettings, McpConfig, McpRemoteServer, McpStdioServer, SettingsField } from '../../api/model/settings';
import { ViewItem, contextValue } from '../platform/viewItems';
import { isRemoteEntry, type McpListKey } from './mcpEntries';
import { resetValue, settingsGroups, type FieldSpec, type GroupSpec } from './settingsFields';

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
  /** A git provider the server holds a token for, with the token's host (null: the provider's own domain). */
  readonly provider?: { readonly name: string; readonly host: string | null };
  /** A saved LLM profile's name (the LLM Profiles group). */
  readonly profile?: string;
  /** One of the person's secrets on the server, by name (the Secrets group). */
  readonly serverSecret?: string;
}

/** The MCP server lists, in the panel's order, with their names made in the display language. */
export function mcpLists(): readonly { readonly key: McpListKey; readonly label: string }[] {
  return [
    { key: 'sse_servers', label: l10n.t('SSE') },
    { key: 'shttp_servers', label: l10n.t('Streamable HTTP') },
    { key: 'stdio_servers', label: l10n.t('stdio') },
  ];
}


/** A value as the panel shows it while its save is under way. */
export function savingText(shown: string): string {
  return l10n.t('{0} (saving…)', shown);
}

/** Fields whose edits have not been confirmed by the server yet, with the value being saved. */
export type PendingEdits = ReadonlyMap<string, unknown>;

/**
 * The panel's groups; fields the server does not keep (`hidden`) are left out, and with them every group left
 * with none (the MCP group with mcp_config). The git providers' group shows where the server's settings report the
 * tokens it holds, or a token can be stored (an agent server keeps none).
 * `server.webUi`: the server serves its web UI, whose settings page the git providers' group opens; without it, and
 * without `server.storesTokens` (a client may store a git provider token: the providers' lines offer Set Token), the
 * group says where tokens cannot be added.
 */
export function buildSettingsTree(
  settings: LoadedSettings, pending: PendingEdits = new Map(), hidden: ReadonlySet<SettingsField> = new Set(),
  server: { readonly webUi?: boolean; readonly storesTokens?: boolean } = {},
): SettingsNode[] {
  // Inline, not a function of its own: this file is loaded at activation, whose budget has no room left.
  const shown = settingsGroups()
    .map((group) => ({ ...group, fields: group.fields.filter((spec) => !hidden.has(spec.field)) }))
    .filter((group) => group.id === 'mcp' ? !hidden.has('mcp_config')
      : group.id === 'providers' ? 'provider_tokens_set' in settings || server.storesTokens : group.fields.length > 0);
  return shown.map((group) => ({
    id: `group:${group.id}`,
    label: group.label,
    icon: group.icon,
    tooltip: group.id === 'providers' && server.webUi === false && !server.storesTokens ? l10n.t('{0}\nThis server serves no web UI, so it has no settings page to add tokens in.', group.label) : group.label,
    contextValue: contextValue(ViewItem.Group, group.id === 'providers' && ViewItem.ProviderTokens),
    children: group.id === 'providers' ? providerNodes(settings.provider_tokens_set ?? null, server.storesTokens ?? false) : childrenOf(group, settings, pending),
    ...(group.id === 'mcp' && pending.has('mcp_config') ? { description: l10n.t('saving…') } : {}),
  }));
}

function childrenOf(group: GroupSpec, settings: LoadedSettings, pending: PendingEdits): SettingsNode[] {
  if (group.id === 'mcp') return mcpNodes(settings.mcp_config ?? null);
  return group.fields.map((spec) => fieldNode(spec, settings, pending));
}

function fieldNode(spec: FieldSpec, settings: LoadedSettings, pending: PendingEdits): SettingsNode {
  const saving = pending.has(spec.field);
  const shown = saving ? describeValue(spec, pending.get(spec.field), settings, true) : describeValue(spec, settings[spec.field], settings, false);
  const secret = spec.kind === 'secret';
  return {
    id: `field:${spec.field}`,
    label: spec.label,
    description: saving ? savingText(shown) : shown,
    tooltip: [l10n.t('{0}: {1}', spec.label, shown), spec.help].join('\n'),
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
    if (isPendingValue) return value === '' ? SECRET_TEXT.notSet() : SECRET_TEXT.set();
    return SECRET_TEXT[secretState(spec.field, settings)]();
  }
  if (value === null || value === undefined || value === '') return spec.defaultValue === undefined ? l10n.t('not set') : defaultText(spec.defaultValue);
  if (typeof value === 'boolean') return value === spec.defaultValue ? defaultText(value, true) : onOff(value);
  return String(value);
}

type SecretState = 'set' | 'notSet' | 'notReported';

/** What the panel says of a secret: the server tells only whether one is stored, and of some not even that. */
const SECRET_TEXT: Record<SecretState, () => string> = {
  set: () => l10n.t('set'),
  notSet: () => l10n.t('not set'),
  notReported: () => l10n.t('not reported'),
};

function secretState(field: SettingsField, settings: LoadedSettings): SecretState {
  if (field === 'llm_api_key') return settings.llm_api_key_set ? 'set' : 'notSet';
  if (field === 'search_api_key') return settings.search_api_key_set ? 'set' : 'notSet';
  return 'notReported';
}

function canReset(spec: FieldSpec, settings: LoadedSettings): boolean {
  const target = resetValue(spec);
  if (target === undefined || spec.kind === 'readonly') return false;
  if (spec.kind === 'secret') return secretState(spec.field, settings) === 'set';
  const current = settings[spec.field];
  return !(current === target || ((current === null || current === undefined) && (target === null || target === '')));
}

function onOff(value: boolean): string {
  return value ? l10n.t('on') : l10n.t('off');
}

/** A boolean's default: `default (on)` while unset, `on (default)` when set to it. */
function defaultText(value: boolean, set = false): string {
  if (set) return value ? l10n.t('on (default)') : l10n.t('off (default)');
  return value ? l10n.t('default (on)') : l10n.t('default (off)');
}

function mcpNodes(config: McpConfig | null): SettingsNode[] {
  return mcpLists().map(({ key, label }) => {
    const entries = config?.[key] ?? [];
    return {
      id: `mcp:${key}`,
      label,
      description: entries.length ? String(entries.length) : l10n.t('none'),
      tooltip: l10n.t('{0} MCP servers', label),
      contextValue: ViewItem.McpList,
      mcp: { list: key },
      children: entries.map((entry: McpRemoteServer | McpStdioServer, index): SettingsNode => {
        const { label, description } = describeMcpEntry(entry);
        return {
          id: `mcp:${key}:${index}`,
          label,
          description,
          tooltip: [label, description].join('\n'),
          contextValue: ViewItem.McpEntry,
          mcp: { list: key, index },
        };
      }),
    };
  });
}

/** An MCP entry's name or URL and a summary; an api_key shows only as set, env only by its names. */
function describeMcpEntry(entry: McpRemoteServer | McpStdioServer): { label: string; description: string } {
  if (isRemoteEntry(entry)) return { label: entry.url, description: entry.api_key ? l10n.t('API key set') : l10n.t('no API key') };
  const env = Object.keys(entry.env ?? {});
  const command = [entry.command, ...(entry.args ?? [])].join(' ');
  return { label: entry.name, description: env.length ? l10n.t('{0} · env: {1}', command, env.join(', ')) : command };
}

function providerNodes(tokens: Record<string, string | null> | null, storesTokens: boolean): SettingsNode[] {
  const entries = Object.entries<string | null>(tokens ?? {});
  const context = contextValue(ViewItem.ProviderTokens, storesTokens && ViewItem.TokenSettable);
  if (!entries.length) {
    return [{
      id: 'provider:none', label: l10n.t('No git provider tokens'),
      description: storesTokens ? l10n.t('right-click to set one') : l10n.t('add one on the server'),
      tooltip: l10n.t('The server has no token for GitHub, GitLab or Bitbucket, so conversations cannot clone a repository.'),
      contextValue: context,
    }];
  }
  return entries.map(([provider, host]) => ({
    id: `provider:${provider}`,
    label: providerName(provider),
    description: host ?? PROVIDER_DOMAINS[provider] ?? l10n.t('default host'),
    tooltip: host ? l10n.t('The server has a {0} token for {1}.', providerName(provider), host) : l10n.t('The server has a {0} token.', providerName(provider)),
    contextValue: context,
    provider: { name: provider, host },
  }));
}
