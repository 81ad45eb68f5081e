// The Settings panel's LLM profiles and secrets: save the current LLM as a profile, activate, rename and delete one;
// add a secret (its value in a password box, sent once, never shown) and delete one. Each acts through the client's
// own capability, offered only where the client says the server keeps the list; a delete asks first, Keep first.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { ViewItem } from '../../core/platform/viewItems';
import { profileNameProblem, secretNameProblem } from '../../core/settings/listNames';
import type { Prompter } from '../../core/platform/prompter';
import type { SettingsNode } from '../../core/settings/settingsTree';
import type { ServerSession } from '../connection/serverSession';
import type { SettingsListHandlers } from '../platform/commands';
import type { ErrorPresenter } from '../platform/errorPresenter';
import { Command } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { SettingsController } from './settingsController';
import { hasTokens as has, onRow, type SettingsRows } from './settingsRows';

export function settingsListHandlers(controller: SettingsController, session: ServerSession, view: SettingsRows, prompter: Prompter, errors: ErrorPresenter, logger: Logger): SettingsListHandlers {
  const lists = new SettingsListCommands(controller, session, prompter, errors, logger);
  const row = (act: (node: SettingsNode) => Promise<boolean>, placeHolder: string, token: string, unless?: string) =>
    onRow(view, act, placeHolder, (tokens) => has(tokens, token) && !(unless && has(tokens, unless)));
  return {
    [Command.SaveLlmProfile]: () => lists.saveProfile(),
    [Command.ActivateLlmProfile]: row((node) => lists.activateProfile(node), vscode.l10n.t('Activate which profile?'), ViewItem.Profile, ViewItem.ActiveProfile),
    [Command.RenameLlmProfile]: row((node) => lists.renameProfile(node), vscode.l10n.t('Rename which profile?'), ViewItem.Profile),
    [Command.DeleteLlmProfile]: row((node) => lists.deleteProfile(node), vscode.l10n.t('Delete which profile?'), ViewItem.Profile),
    [Command.AddServerSecret]: () => lists.addSecret(),
    [Command.DeleteServerSecret]: row((node) => lists.deleteSecret(node), vscode.l10n.t('Delete which secret?'), ViewItem.ServerSecret),
  };
}

export class SettingsListCommands {
  constructor(private readonly controller: SettingsController, private readonly session: ServerSession, private readonly prompter: Prompter, private readonly errors: ErrorPresenter, private readonly logger: Logger) {}

  async saveProfile(): Promise<boolean> {
    const taken = this.profileNames();
    const name = await this.askName(vscode.l10n.t('Save the current LLM as a profile'), vscode.l10n.t('Its model, base URL and key, kept on the server under this name.'), '', (v) => profileNameProblem(v, taken));
    return name ? this.change(vscode.l10n.t('LLM profile {0}', name), vscode.l10n.t('Saved the current LLM as the profile {0}.', name), (c) => c.llmProfiles?.saveCurrent(name)) : false;
  }

  activateProfile(node?: SettingsNode): Promise<boolean> {
    const name = node?.profile;
    return name ? this.change(vscode.l10n.t('LLM profile {0}', name), vscode.l10n.t('The LLM is now the profile {0}\'s. New settings apply to new conversations.', name), (c) => c.llmProfiles?.activate(name)) : Promise.resolve(false);
  }

  async renameProfile(node?: SettingsNode): Promise<boolean> {
    const name = node?.profile;
    if (!name) return false;
    const taken = this.profileNames().filter((p) => p !== name);
    const newName = await this.askName(vscode.l10n.t('Rename the profile {0}', name), vscode.l10n.t('The new name.'), name, (v) => profileNameProblem(v, taken));
    if (!newName || newName === name) return false;
    return this.change(vscode.l10n.t('LLM profile {0}', name), vscode.l10n.t('Renamed the profile {0} to {1}.', name, newName), (c) => c.llmProfiles?.rename(name, newName));
  }

  async deleteProfile(node?: SettingsNode): Promise<boolean> {
    const name = node?.profile;
    if (!name || !await this.confirmDelete(vscode.l10n.t('Delete the LLM profile {0}?', name), vscode.l10n.t('The server forgets its model, base URL and key. The LLM settings stay as they are.'))) return false;
    return this.change(vscode.l10n.t('LLM profile {0}', name), vscode.l10n.t('Deleted the profile {0}.', name), (c) => c.llmProfiles?.remove(name));
  }

  async addSecret(): Promise<boolean> {
    const name = await this.askName(vscode.l10n.t('Add a secret (1/2): name'), vscode.l10n.t('The environment variable the agent gets it as, such as NPM_TOKEN.'), '', secretNameProblem);
    if (!name) return false;
    const value = await this.prompter.input({
      title: vscode.l10n.t('Add a secret (2/2): value of {0}', name), password: true,
      prompt: vscode.l10n.t('Sent to the server, which gives it to the agent as the environment variable {0}; never shown again. A secret of that name is replaced.', name),
      validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the value, or press Escape to cancel.')),
    });
    if (!value?.trim()) return false;
    return this.change(vscode.l10n.t('Secret {0}', name), vscode.l10n.t('Saved the secret {0}.', name), (c) => c.serverSecrets?.store(name, value, null));
  }

  async deleteSecret(node?: SettingsNode): Promise<boolean> {
    const name = node?.serverSecret;
    if (!name || !await this.confirmDelete(vscode.l10n.t('Delete the secret {0}?', name), vscode.l10n.t('New conversations no longer get it; its value cannot be read back.'))) return false;
    return this.change(vscode.l10n.t('Secret {0}', name), vscode.l10n.t('Deleted the secret {0}.', name), (c) => c.serverSecrets?.remove(name));
  }

  /**
   * Runs the change where the client offers the list (`act` answers undefined where it does not: said, nothing sent),
   * then the panel reads the settings and lists again, with what was done, or why not above them (and Retry).
   */
  private async change(label: string, done: string, act: (client: OpenHandsClient) => Promise<void> | undefined): Promise<boolean> {
    const client = this.session.server?.client;
    if (!client) return false;
    try {
      const acted = act(client);
      if (!acted) throw new Error(vscode.l10n.t('This server keeps no LLM profiles or secrets.'));
      await acted;
      this.logger.info(`Changed ${label}`);
      await this.controller.listsChanged(client, done);
      return true;
    } catch (error) {
      this.logger.warn(`Changing ${label} failed`);
      const why = this.logger.redactor.redactText(error instanceof Error ? error.message : String(error));
      void this.controller.listsChanged(client, vscode.l10n.t('{0} not saved. {1}', label, why)).catch(() => undefined);
      void this.errors.show(error, { retry: () => this.change(label, done, act) });
      return false;
    }
  }

  /** The profiles the panel shows, by name. */
  private profileNames(): string[] {
    return this.controller.lists.flatMap((group) => group.children ?? []).flatMap((node) => (node.profile ? [node.profile] : []));
  }

  private async askName(title: string, prompt: string, value: string, problem: (name: string) => string | undefined): Promise<string | undefined> {
    return (await this.prompter.input({ title, prompt, value, validate: (v) => problem(v.trim()) }))?.trim();
  }

  /** Keep first: the button Enter picks. */
  private async confirmDelete(question: string, detail: string): Promise<boolean> {
    const del = vscode.l10n.t('Delete');
    return await vscode.window.showWarningMessage(question, { modal: true, detail }, vscode.l10n.t('Keep'), del) === del;
  }
}
