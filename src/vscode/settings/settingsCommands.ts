// The Settings panel's commands, each handed to the unit that does it: field editors, MCP servers, the LLM
// wizard, the JSON view.
import * as vscode from 'vscode';
import type { Prompter } from '../../core/platform/prompter';
import { providerName } from '../../api/providerDomains';
import { knownProvider, tokenProviders } from '../../core/git/gitProvider';
import { askLlmChoice } from '../../core/settings/llmWizard';
import type { SettingsNode } from '../../core/settings/settingsTree';
import type { CommandHandler } from '../platform/commands';
import { ViewItem } from '../../core/platform/viewItems';
import { connectedServer } from '../connection/connectedServer';
import type { ServerSession } from '../connection/serverSession';
import { Command } from '../platform/ids';
import { FieldEditors } from './fieldEditors';
import { McpServerCommands } from './mcpServerCommands';
import type { ProviderTokenSetup } from './providerTokenSetup';
import type { SettingsController } from './settingsController';
import type { SettingsDocumentProvider } from './settingsDocumentProvider';
import { hasTokens as has, onRow as rowCommand, type SettingsRows } from './settingsRows';

export function settingsCommands(
  controller: SettingsController, session: ServerSession, documents: SettingsDocumentProvider, prompter: Prompter, tokens: ProviderTokenSetup, view: SettingsRows,
) {
  const fields = new FieldEditors(controller, prompter);
  const mcp = new McpServerCommands(controller, prompter);
  const onRow = (act: (node: SettingsNode) => Promise<boolean>, placeHolder: string, applies: (tokens: readonly string[]) => boolean) => rowCommand(view, act, placeHolder, applies);
  return {
    [Command.RefreshSettings]: () => controller.refresh(true),
    [Command.OpenSettingsJson]: () => documents.open(),
    [Command.ConfigureLlm]: () => configureLlm(controller, session, prompter),
    [Command.EditSetting]: onRow((node) => fields.edit(node), vscode.l10n.t('Edit which setting?'), (t) => has(t, ViewItem.Editable) && !has(t, ViewItem.Secret)),
    [Command.ResetSetting]: onRow((node) => fields.reset(node), vscode.l10n.t('Reset which setting?'), (t) => has(t, ViewItem.Resettable) && !has(t, ViewItem.Secret)),
    [Command.SetSecret]: onRow((node) => fields.setSecret(node), vscode.l10n.t('Set which key?'), (t) => has(t, ViewItem.Secret, ViewItem.Editable)),
    [Command.ClearSecret]: onRow((node) => fields.clearSecret(node), vscode.l10n.t('Clear which key?'), (t) => has(t, ViewItem.SecretSet, ViewItem.Editable)),
    [Command.AddMcpServer]: onRow((node) => mcp.add(node), vscode.l10n.t('Add an MCP server to which list?'), (t) => t.join(' ') === ViewItem.McpList),
    [Command.EditMcpServer]: onRow((node) => mcp.edit(node), vscode.l10n.t('Edit which MCP server?'), (t) => t.join(' ') === ViewItem.McpEntry),
    [Command.RemoveMcpServer]: onRow((node) => mcp.remove(node), vscode.l10n.t('Remove which MCP server?'), (t) => t.join(' ') === ViewItem.McpEntry),
    [Command.SetProviderToken]: (node?: SettingsNode) => setProviderToken(tokens, node),
  } satisfies Record<string, CommandHandler>;
}

/**
 * The model, base URL and key; on a server without settings this is the first save, everything else at its
 * default. Only a changed base URL is sent, and no key left empty, so the stored one stays.
 */
async function configureLlm(controller: SettingsController, session: ServerSession, prompter: Prompter): Promise<boolean> {
  // A server that cannot be reached is said before the person types a key for it (presentedFailures.ts shows it).
  await connectedServer(session);
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
