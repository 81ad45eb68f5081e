// The actions of the settings panel. Each asks only for what the person edits, checks it with the server's
// own rules before anything is sent, and hands one change to the controller.
import * as vscode from 'vscode';
import { mcpUrlProblem, stdioCommandProblem, stdioNameProblem, type LoadedSettings } from '../../api/v0/schemas';
import { entryName, isRemoteEntry, parseEnv, splitArgs, withEntry, withoutEntry, type McpEntry, type McpListKey } from '../../core/settings/mcpEntries';
import { fieldSpec, parseInput, resetValue, type FieldSpec } from '../../core/settings/settingsFields';
import type { SettingsNode } from '../../core/settings/settingsTree';
import { normalizeServerUrl } from '../../core/connection/serverUrl';
import type { CommandHandler } from '../platform/commands';
import { setServerUrl } from '../platform/configuration';
import type { ServerConnection } from '../connection/serverSession';
import { Command } from '../platform/ids';
import type { SettingsController } from './settingsController';
import type { SettingsDocumentProvider } from './settingsDocumentProvider';

const DEFAULT_MODEL = 'anthropic/claude-sonnet-4-20250514';

export function settingsCommands(controller: SettingsController, connection: ServerConnection, documents: SettingsDocumentProvider) {
  const specOf = (node?: SettingsNode): FieldSpec | undefined => (node?.field ? fieldSpec(node.field) : undefined);

  async function editField(node?: SettingsNode): Promise<boolean> {
    const spec = specOf(node);
    const settings = controller.settings;
    if (!spec || !settings || spec.kind === 'readonly') return false;
    const current = settings[spec.field];
    if (spec.kind === 'secret') return setSecret(node);
    if (spec.kind === 'boolean') return toggle(spec);
    const typed = spec.choices ? await pickValue(spec, current) : await typeValue(spec, current);
    return typed === undefined ? false : controller.edit(spec.field, typed, spec.label);
  }

  /**
   * Flips a boolean from what the server has when the save starts, not from what the panel showed: a second
   * toggle made before the first is stored flips it back instead of repeating the first.
   */
  function toggle(spec: FieldSpec): Promise<boolean> {
    const flipped = (value: unknown) => !(value ?? spec.defaultValue ?? false);
    const shown = controller.pending.has(spec.field) ? controller.pending.get(spec.field) : controller.settings?.[spec.field];
    return controller.update(spec.field, (settings) => ({ [spec.field]: flipped(settings?.[spec.field]) }), flipped(shown), spec.label);
  }

  async function setSecret(node?: SettingsNode): Promise<boolean> {
    const spec = specOf(node);
    if (!spec || spec.kind !== 'secret') return false;
    const value = (await vscode.window.showInputBox({
      title: `Set ${spec.label}`,
      prompt: `${spec.help} It is sent to the server and never shown again.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'Enter the key, or use Clear to remove it.'),
    }))?.trim();
    return value ? controller.edit(spec.field, value, spec.label) : false;
  }

  async function clearSecret(node?: SettingsNode): Promise<boolean> {
    const spec = specOf(node);
    if (!spec || spec.kind !== 'secret') return false;
    const clear = 'Clear';
    const choice = await vscode.window.showWarningMessage(`Clear the ${spec.label} stored on the server?`, { modal: true }, clear);
    return choice === clear ? controller.edit(spec.field, '', spec.label) : false;
  }

  async function resetField(node?: SettingsNode): Promise<boolean> {
    const spec = specOf(node);
    if (!spec) return false;
    if (spec.kind === 'secret') return clearSecret(node);
    const value = resetValue(spec);
    return value === undefined ? false : controller.edit(spec.field, value, spec.label);
  }

  async function addMcpServer(node?: SettingsNode): Promise<boolean> {
    const list = node?.mcp?.list;
    if (!list) return false;
    const entry = await askMcpEntry(list, undefined);
    return entry ? saveMcp((settings) => withEntry(settings?.mcp_config, list, entry)) : false;
  }

  async function editMcpServer(node?: SettingsNode): Promise<boolean> {
    const found = entryAt(node);
    if (!found) return false;
    const { list, index, existing } = found;
    const entry = await askMcpEntry(list, existing);
    if (!entry) return false;
    return saveMcp((settings) => withEntry(settings?.mcp_config, list, entry, indexIn(settings, list, existing, index)));
  }

  async function removeMcpServer(node?: SettingsNode): Promise<boolean> {
    const found = entryAt(node);
    if (!found) return false;
    const { list, index: oldIndex, existing } = found;
    const remove = 'Remove';
    const choice = await vscode.window.showWarningMessage(`Remove the MCP server ${entryName(existing)}?`, { modal: true }, remove);
    if (choice !== remove) return false;
    return saveMcp((settings) => {
      const index = indexIn(settings, list, existing, oldIndex);
      return index === undefined ? settings?.mcp_config ?? null : withoutEntry(settings?.mcp_config, list, index);
    });
  }

  /** The MCP entry a tree node stands for, as last loaded. */
  function entryAt(node?: SettingsNode): { list: McpListKey; index: number; existing: McpEntry } | undefined {
    const list = node?.mcp?.list;
    const index = node?.mcp?.index;
    if (!list || index === undefined) return undefined;
    const existing: McpEntry | undefined = controller.settings?.mcp_config?.[list]?.[index];
    return existing ? { list, index, existing } : undefined;
  }

  function saveMcp(next: (settings: LoadedSettings | null) => LoadedSettings['mcp_config']): Promise<boolean> {
    return controller.update('mcp_config', (settings) => ({ mcp_config: next(settings) }), undefined, 'MCP servers');
  }

  async function configureLlm(): Promise<boolean> {
    const model = (await vscode.window.showInputBox({
      title: 'Configure LLM (1/2): model',
      prompt: 'The LLM the agent uses, as provider/model.',
      value: controller.settings?.llm_model || DEFAULT_MODEL,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'Enter a model such as anthropic/claude-sonnet-4-20250514.'),
    }))?.trim();
    if (!model) return false;
    const key = (await vscode.window.showInputBox({
      title: 'Configure LLM (2/2): API key',
      prompt: 'The key for the LLM provider. It is sent to the server and never shown again.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'Enter the LLM API key.'),
    }))?.trim();
    if (!key) return false;
    return controller.settings
      ? controller.update('llm_model', () => ({ llm_model: model, llm_api_key: key }), model, 'LLM')
      : controller.storeFirstSettings({ llm_model: model, llm_api_key: key });
  }

  async function changeServerUrl(): Promise<boolean> {
    const url = connection.url;
    const typed = await vscode.window.showInputBox({
      title: 'OpenHands: Change Server URL',
      prompt: 'The base URL of the OpenHands server, without /api. Each server keeps its own API key.',
      value: url.ok ? url.url : 'http://localhost:3000',
      ignoreFocusOut: true,
      validateInput: (v) => { const r = normalizeServerUrl(v); return r.ok ? undefined : r.problem; },
    });
    const normalized = typed === undefined ? undefined : normalizeServerUrl(typed);
    if (!normalized?.ok) return false;
    await setServerUrl(normalized.url);
    return true;
  }

  async function showConnectionMenu(): Promise<void> {
    const items: (vscode.QuickPickItem & { command: string })[] = [
      { label: '$(refresh) Retry', command: Command.RefreshSettings },
      { label: '$(key) Set API Key', command: Command.SetApiKey },
      { label: '$(link) Change Server URL', command: Command.ChangeServerUrl },
      { label: '$(output) Show Log', command: Command.ShowLog },
    ];
    const url = connection.url;
    const picked = await vscode.window.showQuickPick(items, { title: `OpenHands: ${url.ok ? url.url : 'server URL not usable'}` });
    if (picked) await vscode.commands.executeCommand(picked.command);
  }

  async function openServerSettings(): Promise<boolean> {
    const url = connection.url;
    return url.ok ? vscode.env.openExternal(vscode.Uri.parse(`${url.url}/settings/integrations`)) : false;
  }

  return {
    [Command.RefreshSettings]: () => controller.refresh(),
    [Command.OpenSettingsJson]: () => documents.open(),
    [Command.ConfigureLlm]: configureLlm,
    [Command.EditSetting]: editField,
    [Command.ResetSetting]: resetField,
    [Command.SetSecret]: setSecret,
    [Command.ClearSecret]: clearSecret,
    [Command.AddMcpServer]: addMcpServer,
    [Command.EditMcpServer]: editMcpServer,
    [Command.RemoveMcpServer]: removeMcpServer,
    [Command.ChangeServerUrl]: changeServerUrl,
    [Command.ShowConnectionMenu]: showConnectionMenu,
    [Command.OpenServerSettings]: openServerSettings,
  } satisfies Record<string, CommandHandler>;
}

/** A quick pick of the known values, the current one marked, plus a custom entry where any string goes. */
async function pickValue(spec: FieldSpec, current: unknown): Promise<string | undefined> {
  const custom = '$(edit) Custom value…';
  const choices = [...(spec.choices ?? [])];
  if (typeof current === 'string' && current && !choices.includes(current)) choices.unshift(current);
  const items = choices.map((label) => ({ label, description: label === current ? 'current' : undefined }));
  const picked = await vscode.window.showQuickPick([...items, ...(spec.custom ? [{ label: custom, description: undefined }] : [])], {
    title: `Set ${spec.label}`, placeHolder: spec.help,
  });
  if (!picked) return undefined;
  if (picked.label !== custom) return picked.label;
  const typed = await typeValue(spec, current);
  return typeof typed === 'string' ? typed : undefined;
}

async function typeValue(spec: FieldSpec, current: unknown): Promise<string | number | null | undefined> {
  const raw = await vscode.window.showInputBox({
    title: `Set ${spec.label}`,
    prompt: `${spec.help} Leave empty to unset.`,
    value: current === null || current === undefined ? '' : String(current),
    ignoreFocusOut: true,
    validateInput: (v) => { const r = parseInput(spec, v); return r.ok ? undefined : r.problem; },
  });
  if (raw === undefined) return undefined;
  const parsed = parseInput(spec, raw);
  return parsed.ok ? parsed.value : undefined;
}

/** Asks for an MCP entry, prefilled when editing; every answer is checked with the server's rules. */
async function askMcpEntry(list: McpListKey, existing: McpEntry | undefined): Promise<McpEntry | undefined> {
  const ask = (title: string, prompt: string, value: string, check: (v: string) => string | undefined, password = false) =>
    vscode.window.showInputBox({ title, prompt, value, password, ignoreFocusOut: true, validateInput: check });
  if (list !== 'stdio_servers') {
    const remote = existing && isRemoteEntry(existing) ? existing : undefined;
    const url = await ask('MCP server URL', 'http(s) or ws(s) URL of the server.', remote?.url ?? '', (v) => mcpUrlProblem(v));
    if (url === undefined) return undefined;
    const key = await ask('MCP server API key', remote?.api_key ? 'Leave empty to keep the current key.' : 'Leave empty if the server needs none.', '', () => undefined, true);
    if (key === undefined) return undefined;
    return { url: url.trim(), api_key: key.trim() || remote?.api_key || null };
  }
  const stdio = existing && !isRemoteEntry(existing) ? existing : undefined;
  const name = await ask('MCP stdio server name', 'Letters, digits, - and _.', stdio?.name ?? '', (v) => stdioNameProblem(v));
  if (name === undefined) return undefined;
  const command = await ask('MCP stdio server command', 'One executable, without arguments (e.g. npx).', stdio?.command ?? '', (v) => stdioCommandProblem(v));
  if (command === undefined) return undefined;
  const argsText = await ask('MCP stdio server arguments', 'Separated by spaces; quote an argument that holds spaces.', (stdio?.args ?? []).map(quoteArg).join(' '),
    (v) => { const r = splitArgs(v); return r.ok ? undefined : r.problem; });
  if (argsText === undefined) return undefined;
  const envText = await ask('MCP stdio server environment', 'NAME=value pairs separated by commas. Values are sent to the server as they are.',
    Object.entries(stdio?.env ?? {}).map(([k, v]) => `${k}=${v}`).join(', '), (v) => { const r = parseEnv(v); return r.ok ? undefined : r.problem; });
  if (envText === undefined) return undefined;
  const args = splitArgs(argsText);
  const env = parseEnv(envText);
  return args.ok && env.ok ? { name: name.trim(), command: command.trim(), args: args.value, env: env.value } : undefined;
}

function quoteArg(arg: string): string {
  return /\s/.test(arg) ? `"${arg}"` : arg;
}

/** Where an entry is in the freshly loaded list: at its old place if it is still there, else wherever it moved. */
function indexIn(settings: LoadedSettings | null, list: McpListKey, entry: McpEntry, oldIndex: number): number | undefined {
  const entries: McpEntry[] = settings?.mcp_config?.[list] ?? [];
  if (entries[oldIndex] && entryName(entries[oldIndex]) === entryName(entry)) return oldIndex;
  const found = entries.findIndex((e) => entryName(e) === entryName(entry));
  return found < 0 ? undefined : found;
}
