// Add, edit and remove an MCP server of the Settings panel. The entry is asked for by the MCP wizard; the
// change is computed from the freshly loaded list, so an entry moved by another edit is still the one changed.
import * as vscode from 'vscode';
import type { LoadedSettings } from '../../api/model/settings';
import type { Prompter } from '../../core/platform/prompter';
import { currentIndex, entryName, withEntry, withoutEntry, type McpEntry, type McpListKey } from '../../core/settings/mcpEntries';
import { askMcpEntry } from '../../core/settings/mcpWizard';
import type { SettingsNode } from '../../core/settings/settingsTree';
import type { SettingsController } from './settingsController';

export class McpServerCommands {
  constructor(private readonly controller: SettingsController, private readonly prompter: Prompter) {}

  async add(node?: SettingsNode): Promise<boolean> {
    const list = node?.mcp?.list;
    if (!list) return false;
    const entry = await askMcpEntry(this.prompter, list, undefined);
    return entry ? this.save((settings) => withEntry(settings?.mcp_config, list, entry)) : false;
  }

  async edit(node?: SettingsNode): Promise<boolean> {
    const found = this.entryAt(node);
    if (!found) return false;
    const { list, index, existing } = found;
    const entry = await askMcpEntry(this.prompter, list, existing);
    if (!entry) return false;
    return this.save((settings) => withEntry(settings?.mcp_config, list, entry, currentIndex(settings?.mcp_config, list, existing, index)));
  }

  async remove(node?: SettingsNode): Promise<boolean> {
    const found = this.entryAt(node);
    if (!found) return false;
    const { list, index: oldIndex, existing } = found;
    const remove = vscode.l10n.t('Remove');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Remove the MCP server {0}?', entryName(existing)), { modal: true }, remove);
    if (choice !== remove) return false;
    return this.save((settings) => {
      const index = currentIndex(settings?.mcp_config, list, existing, oldIndex);
      return index === undefined ? settings?.mcp_config ?? null : withoutEntry(settings?.mcp_config, list, index);
    });
  }

  /** The MCP entry a tree node stands for, as last loaded. */
  private entryAt(node?: SettingsNode): { list: McpListKey; index: number; existing: McpEntry } | undefined {
    const list = node?.mcp?.list;
    const index = node?.mcp?.index;
    if (!list || index === undefined) return undefined;
    const existing: McpEntry | undefined = this.controller.settings?.mcp_config?.[list]?.[index];
    return existing ? { list, index, existing } : undefined;
  }

  private save(next: (settings: LoadedSettings | null) => LoadedSettings['mcp_config']): Promise<boolean> {
    return this.controller.update('mcp_config', (settings) => ({ mcp_config: next(settings) }), undefined, vscode.l10n.t('MCP servers'));
  }
}
