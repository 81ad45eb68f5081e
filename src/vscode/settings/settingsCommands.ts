// The Settings panel's commands, each handed to the unit that does it: field editors, MCP servers, the LLM
// wizard, the JSON view.
import * as vscode from 'vscode';
import type { Prompter } from '../../core/platform/prompter';
import { providerName } from '../../api/providerDomains';
import { knownProvider, tokenProviders } from '../../core/git/gitProvider';
import { askLlmChoice } from '../../core/settings/llmWizard';
import type { SettingsNode } from '../../core/settings/settingsTree';
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import { FieldEditors } from './fieldEditors';
import { McpServerCommands } from './mcpServerCommands';
import type { ProviderTokenSetup } from './providerTokenSetup';
import type { SettingsController } from './settingsController';
import type { SettingsDocumentProvider } from './settingsDocumentProvider';

export function settingsCommands(controller: SettingsController, documents: SettingsDocumentProvider, prompter: Prompter, tokens: ProviderTokenSetup) {
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
    [Command.SetProviderToken]: (node?: SettingsNode) => setProviderToken(tokens, node),
  } satisfies Record<string, CommandHandler>;
}

/**
 * The model, base URL and key; on a server without settings this is the first save, everything else at its
 * default. Only a changed base URL is sent, and no key left empty, so the stored one stays.
 */
async function configureLlm(controller: SettingsController, prompter: Prompter): Promise<boolean> {
  const settings = controller.settings;
  const choice = await askLlmChoice(prompter, { model: settings?.llm_model, baseUrl: settings?.llm_base_url, keySet: Boolean(settings?.llm_api_key_set) });
  if (!choice) return false;
  const change = {
    llm_model: choice.model,
    ...(choice.baseUrl !== (settings?.llm_base_url ?? '') ? { llm_base_url: choice.baseUrl } : {}),
    ...(choice.apiKey ? { llm_api_key: choice.apiKey } : {}),
  };
  return settings
    ? controller.update('llm_model', () => change, choice.model, vscode.l10n.t('LLM'))
    : controller.storeFirstSettings(change);
}

/** A provider's line sets its token for the host it has; the line that says there are none asks which provider. */
async function setProviderToken(tokens: ProviderTokenSetup, node?: SettingsNode): Promise<boolean> {
  const provider = node?.provider ? knownProvider(node.provider.name) : await pickProvider();
  if (!provider) return false;
  return (await tokens.setUp({ provider, host: node?.provider?.host ?? null, offerStartWithoutRepository: false })) === 'stored';
}

async function pickProvider() {
  const picked = await vscode.window.showQuickPick(tokenProviders().map((provider) => ({ label: providerName(provider), provider })), {
    title: vscode.l10n.t('OpenHands: Set a token for which git provider?'),
  });
  return picked?.provider;
}
