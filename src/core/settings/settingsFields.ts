// What the settings panel shows and how each field is edited: one table, in the order of the panel. The tree,
// the editors and the tests all read it, so a field is described once.
import { l10n } from '../../base/l10n';
import type { SettingsField } from '../../api/model/settings';

export type FieldKind = 'string' | 'secret' | 'boolean' | 'integer' | 'number' | 'readonly';

export interface FieldSpec {
  readonly field: SettingsField;
  readonly label: string;
  readonly kind: FieldKind;
  /** What the field does, for the tooltip. */
  readonly help: string;
  /** The server's default when the field is omitted; fields without one reset to "not set". */
  readonly defaultValue?: boolean;
  /** Known values offered in a quick pick; `custom` adds an entry for any other string the server accepts. */
  readonly choices?: readonly string[];
  readonly custom?: boolean;
  /** The smallest allowed number. */
  readonly min?: number;
  /**
   * How the field is unset. `null` for most; `""` for llm_model and llm_base_url, which the server keeps when
   * they are null; `never` for user_consents_to_analytics, which cannot go back to unset.
   */
  readonly unsetAs: 'null' | 'empty' | 'never';
}

export type GroupId = 'llm' | 'agent' | 'sandbox' | 'search' | 'git' | 'mcp' | 'features' | 'account' | 'providers';

export interface GroupSpec {
  readonly id: GroupId;
  readonly label: string;
  readonly icon: string;
  readonly fields: readonly FieldSpec[];
}

const AGENTS = ['CodeActAgent', 'BrowsingAgent', 'ReadOnlyAgent', 'LocAgent', 'VisualBrowsingAgent'];
const SECURITY_ANALYZERS = ['llm', 'invariant'];
const LANGUAGES = ['en', 'ja', 'zh-CN', 'zh-TW', 'ko-KR', 'no', 'ar', 'de', 'fr', 'it', 'pt', 'es', 'tr', 'uk'];
const MODELS = [
  'anthropic/claude-sonnet-4-20250514', 'anthropic/claude-opus-4-20250514', 'openhands/claude-sonnet-4-20250514',
  'openai/gpt-4o', 'openai/o3', 'gemini/gemini-2.5-pro', 'deepseek/deepseek-chat',
];

/** The panel's groups and fields, their texts made in the display language at each call. */
export function settingsGroups(): readonly GroupSpec[] {
  return [
    { id: 'llm', label: l10n.t('LLM'), icon: 'sparkle', fields: [
      { field: 'llm_model', label: l10n.t('Model'), kind: 'string', choices: MODELS, custom: true, unsetAs: 'empty', help: l10n.t('The LLM the agent uses, as provider/model.') },
      { field: 'llm_base_url', label: l10n.t('Base URL'), kind: 'string', unsetAs: 'empty', help: l10n.t('The LLM endpoint, for self-hosted or proxied models.') },
      { field: 'llm_api_key', label: l10n.t('API key'), kind: 'secret', unsetAs: 'empty', help: l10n.t('The key for the LLM provider.') },
      { field: 'max_budget_per_task', label: l10n.t('Max budget per task'), kind: 'number', min: 0, unsetAs: 'null', help: l10n.t('The most a task may spend on LLM calls, in USD.') },
    ] },
    { id: 'agent', label: l10n.t('Agent'), icon: 'robot', fields: [
      { field: 'agent', label: l10n.t('Agent'), kind: 'string', choices: AGENTS, custom: true, unsetAs: 'null', help: l10n.t('The agent that runs conversations.') },
      { field: 'max_iterations', label: l10n.t('Max iterations'), kind: 'integer', min: 1, unsetAs: 'null', help: l10n.t('How many steps the agent may take in one task.') },
      { field: 'confirmation_mode', label: l10n.t('Confirmation mode'), kind: 'boolean', unsetAs: 'null', help: l10n.t('Whether the agent asks before running actions.') },
      { field: 'security_analyzer', label: l10n.t('Security analyzer'), kind: 'string', choices: SECURITY_ANALYZERS, custom: true, unsetAs: 'null', help: l10n.t('What judges the risk of actions in confirmation mode.') },
      { field: 'language', label: l10n.t('Language'), kind: 'string', choices: LANGUAGES, custom: true, unsetAs: 'null', help: l10n.t('The language of the web UI.') },
      { field: 'enable_default_condenser', label: l10n.t('Default condenser'), kind: 'boolean', defaultValue: true, unsetAs: 'null', help: l10n.t('Whether long histories are condensed to fit the context.') },
    ] },
    { id: 'sandbox', label: l10n.t('Sandbox'), icon: 'server-environment', fields: [
      { field: 'sandbox_base_container_image', label: l10n.t('Base container image'), kind: 'string', unsetAs: 'null', help: l10n.t('The image the runtime is built from. Some server versions ignore it.') },
      { field: 'sandbox_runtime_container_image', label: l10n.t('Runtime container image'), kind: 'string', unsetAs: 'null', help: l10n.t('A prebuilt runtime image. Some server versions ignore it.') },
      { field: 'remote_runtime_resource_factor', label: l10n.t('Remote runtime resource factor'), kind: 'integer', min: 1, unsetAs: 'null', help: l10n.t('How many times the base resources a remote runtime gets.') },
      { field: 'sandbox_api_key', label: l10n.t('Sandbox API key'), kind: 'secret', unsetAs: 'empty', help: l10n.t('The key for a remote sandbox. The server never reports whether one is stored.') },
    ] },
    { id: 'search', label: l10n.t('Search'), icon: 'search', fields: [
      { field: 'search_api_key', label: l10n.t('Search API key'), kind: 'secret', unsetAs: 'empty', help: l10n.t('The key for the web search tool (Tavily).') },
    ] },
    { id: 'git', label: l10n.t('Git identity'), icon: 'git-commit', fields: [
      { field: 'git_user_name', label: l10n.t('User name'), kind: 'string', unsetAs: 'null', help: l10n.t('The name on the agent\'s commits.') },
      { field: 'git_user_email', label: l10n.t('User email'), kind: 'string', unsetAs: 'null', help: l10n.t('The email on the agent\'s commits.') },
    ] },
    { id: 'mcp', label: l10n.t('MCP servers'), icon: 'plug', fields: [] },
    { id: 'features', label: l10n.t('Features'), icon: 'settings', fields: [
      { field: 'enable_sound_notifications', label: l10n.t('Sound notifications'), kind: 'boolean', defaultValue: false, unsetAs: 'null', help: l10n.t('Whether the web UI plays a sound when the agent needs you.') },
      { field: 'enable_proactive_conversation_starters', label: l10n.t('Proactive conversation starters'), kind: 'boolean', defaultValue: true, unsetAs: 'null', help: l10n.t('Whether the server suggests tasks from your repositories.') },
      { field: 'enable_solvability_analysis', label: l10n.t('Solvability analysis'), kind: 'boolean', defaultValue: true, unsetAs: 'null', help: l10n.t('Whether the server judges how solvable an issue is before starting.') },
      { field: 'user_consents_to_analytics', label: l10n.t('Analytics consent'), kind: 'boolean', unsetAs: 'never', help: l10n.t('Whether you agree to share usage analytics. Once answered it cannot be unset.') },
    ] },
    { id: 'account', label: l10n.t('Account'), icon: 'account', fields: [
      { field: 'email', label: l10n.t('Email'), kind: 'readonly', unsetAs: 'never', help: l10n.t('The account\'s email, as the server reports it.') },
      { field: 'email_verified', label: l10n.t('Email verified'), kind: 'readonly', unsetAs: 'never', help: l10n.t('Whether the server has verified the email.') },
    ] },
    { id: 'providers', label: l10n.t('Git providers'), icon: 'repo', fields: [] },
  ];
}

/** The value that unsets a field, or undefined when it cannot be unset or is already at its default. */
export function resetValue(spec: FieldSpec): boolean | string | null | undefined {
  if (spec.defaultValue !== undefined) return spec.defaultValue;
  if (spec.unsetAs === 'never') return undefined;
  return spec.unsetAs === 'empty' ? '' : null;
}
