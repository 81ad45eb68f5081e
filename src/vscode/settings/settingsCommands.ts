// The Settings panel's commands, each handed to the unit that does it: field editors, MCP servers, the LLM
// wizard, the JSON view.
import * as vscode from 'vscode';
import type { Prompter } from '../../core/platform/prompter';
import { askLlmChoice } from '../../core/settings/llmWizard';
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import { FieldEditors } from './fieldEditors';
import { McpServerCommands } from './mcpServerCommands';
import type { SettingsController } from './settingsController';
import type { SettingsDocumentProvider } from './settingsDocumentProvider';

export function settingsCommands(controller: SettingsController, documents: SettingsDocumentProvider, prompter: Prompter) {
  const fields = new FieldEditors(controller, prompter);
  const mcp = new McpServerCommands(controller, prompter);
  return {
    [Command.RefreshSettings]: () => controller.refresh(true),
    [Command.OpenSettingsJson]: () => documents.open(),
    [Command.ConfigureLlm]: () => configureLlm(controller, prompter),
    [Command.EditSetting]: fields.edit.bind(fields),
    [Command.ResetSetting]: fields.reset.bind(fields),
    [Command.SetSecret]: fields.setSecret.bind(fields),
    [Command.ClearSecret]: fields.clearSecret.bind(fields),
    [Command.AddMcpServer]: mcp.add.bind(mcp),
    [Command.EditMcpServer]: mcp.edit.bind(mcp),
    [Command.RemoveMcpServer]: mcp.remove.bind(mcp),
  } satisfies Record<string, CommandHandler>;
}

/** The model and key; on a server without settings this is the first save, everything else at its default. */
async function configureLlm(controller: SettingsController, prompter: Prompter): Promise<boolean> {
  const choice = await askLlmChoice(prompter, controller.settings?.llm_model);
  if (!choice) return false;
  const change = { llm_model: choice.model, llm_api_key: choice.apiKey };
  return controller.settings
    ? controller.update('llm_model', () => change, choice.model, vscode.l10n.t('LLM'))
    : controller.storeFirstSettings(change);
}
