// Editing a setting of the Advanced group, by the type the server gives it: a toggle, a quick pick of its
// choices, a password box for a secret, or a typed value (JSON for lists and objects) read before it is sent.
import * as vscode from 'vscode';
import type { AdvancedField } from '../../api/model/advancedSettings';
import type { Prompter } from '../../core/platform/prompter';
import { parseAdvanced } from '../../core/settings/advancedTree';
import type { SettingsController } from './settingsController';

export class AdvancedEditor {
  constructor(private readonly controller: SettingsController, private readonly prompter: Prompter) {}

  async edit(field: AdvancedField): Promise<boolean> {
    if (field.secret) return this.setSecret(field);
    const current = this.controller.pending.has(field.path) ? this.controller.pending.get(field.path) : field.value;
    if (field.valueType === 'boolean') return this.controller.editAdvanced(field, !(current ?? false));
    const value = field.choices.length ? await this.pick(field, current) : await this.type(field, current);
    return value === undefined ? false : this.controller.editAdvanced(field, value);
  }

  async setSecret(field: AdvancedField): Promise<boolean> {
    const value = (await this.prompter.input({
      title: vscode.l10n.t('Set {0}', field.label),
      prompt: vscode.l10n.t('{0} It is sent to the server and never shown again.', field.description),
      password: true,
      validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the value, or press Escape to cancel.')),
    }))?.trim();
    return value ? this.controller.editAdvanced(field, value) : false;
  }

  private async pick(field: AdvancedField, current: unknown): Promise<string | undefined> {
    const picked = await vscode.window.showQuickPick(
      field.choices.map((label) => ({ label, description: label === current ? vscode.l10n.t('current') : undefined })),
      { title: vscode.l10n.t('Set {0}', field.label), placeHolder: field.description },
    );
    return picked?.label;
  }

  private async type(field: AdvancedField, current: unknown): Promise<unknown> {
    const raw = await this.prompter.input({
      title: vscode.l10n.t('Set {0}', field.label),
      prompt: vscode.l10n.t('{0} Leave empty to unset.', field.description),
      value: current === null || current === undefined ? '' : typeof current === 'object' ? JSON.stringify(current) : String(current),
      validate: (v) => { const r = parseAdvanced(field, v); return r.ok ? undefined : r.problem; },
    });
    if (raw === undefined) return undefined;
    const parsed = parseAdvanced(field, raw);
    return parsed.ok ? parsed.value : undefined;
  }
}
