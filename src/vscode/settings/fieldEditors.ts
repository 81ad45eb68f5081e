// Editing one field of the Settings panel: a toggle, a quick pick of known values, a typed value, a secret set
// or cleared, a reset. Each asks only for what the person edits, checks it with the field's rules before
// anything is sent, and hands one change to the controller.
import * as vscode from 'vscode';
import type { Prompter } from '../../core/platform/prompter';
import { fieldSpec, parseInput } from '../../core/settings/fieldInput';
import { resetValue, type FieldSpec } from '../../core/settings/settingsFields';
import type { SettingsNode } from '../../core/settings/settingsTree';
import { AdvancedEditor } from './advancedEditor';
import type { SettingsController } from './settingsController';

export class FieldEditors {
  private readonly advanced: AdvancedEditor;

  constructor(private readonly controller: SettingsController, private readonly prompter: Prompter) {
    this.advanced = new AdvancedEditor(controller, prompter);
  }

  async edit(node?: SettingsNode): Promise<boolean> {
    if (node?.advanced) return this.advanced.edit(node.advanced);
    const spec = specOf(node);
    const settings = this.controller.settings;
    if (!spec || !settings || spec.kind === 'readonly') return false;
    if (spec.kind === 'secret') return this.setSecret(node);
    if (spec.kind === 'boolean') return this.toggle(spec);
    const current = settings[spec.field];
    const typed = spec.choices ? await this.pickValue(spec, current) : await this.typeValue(spec, current);
    return typed === undefined ? false : this.controller.edit(spec.field, typed, spec.label);
  }

  async setSecret(node?: SettingsNode): Promise<boolean> {
    if (node?.advanced?.secret) return this.advanced.setSecret(node.advanced);
    const spec = specOf(node);
    if (spec?.kind !== 'secret') return false;
    const value = (await this.prompter.input({
      title: vscode.l10n.t('Set {0}', spec.label),
      prompt: vscode.l10n.t('{0} It is sent to the server and never shown again.', spec.help),
      password: true,
      validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the key, or use Clear to remove it.')),
    }))?.trim();
    return value ? this.controller.edit(spec.field, value, spec.label) : false;
  }

  async clearSecret(node?: SettingsNode): Promise<boolean> {
    const spec = specOf(node);
    if (spec?.kind !== 'secret') return false;
    const clear = vscode.l10n.t('Clear');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Clear the {0} stored on the server?', spec.label), { modal: true }, clear);
    return choice === clear ? this.controller.edit(spec.field, '', spec.label) : false;
  }

  async reset(node?: SettingsNode): Promise<boolean> {
    const spec = specOf(node);
    if (!spec) return false;
    if (spec.kind === 'secret') return this.clearSecret(node);
    const value = resetValue(spec);
    return value === undefined ? false : this.controller.edit(spec.field, value, spec.label);
  }

  /**
   * Flips a boolean from what the server has when the save starts, not from what the panel showed: a second
   * toggle made before the first is stored flips it back instead of repeating the first.
   */
  private toggle(spec: FieldSpec): Promise<boolean> {
    const flipped = (value: unknown) => !(value ?? spec.defaultValue ?? false);
    const { pending, settings } = this.controller;
    const shown = pending.has(spec.field) ? pending.get(spec.field) : settings?.[spec.field];
    return this.controller.update(spec.field, (loaded) => ({ [spec.field]: flipped(loaded?.[spec.field]) }), flipped(shown), spec.label);
  }

  /** A quick pick of the known values, the current one marked, plus a custom entry where any string goes. */
  private async pickValue(spec: FieldSpec, current: unknown): Promise<string | undefined> {
    const custom = vscode.l10n.t('$(edit) Custom value…');
    const choices = [...(spec.choices ?? [])];
    if (typeof current === 'string' && current && !choices.includes(current)) choices.unshift(current);
    const items = choices.map((label) => ({ label, description: label === current ? vscode.l10n.t('current') : undefined }));
    const picked = await vscode.window.showQuickPick([...items, ...(spec.custom ? [{ label: custom, description: undefined }] : [])], {
      title: vscode.l10n.t('Set {0}', spec.label), placeHolder: spec.help,
    });
    if (!picked) return undefined;
    if (picked.label !== custom) return picked.label;
    const typed = await this.typeValue(spec, current);
    return typeof typed === 'string' ? typed : undefined;
  }

  private async typeValue(spec: FieldSpec, current: unknown): Promise<string | number | null | undefined> {
    const raw = await this.prompter.input({
      title: vscode.l10n.t('Set {0}', spec.label),
      prompt: vscode.l10n.t('{0} Leave empty to unset.', spec.help),
      value: current === null || current === undefined ? '' : String(current),
      validate: (v) => { const r = parseInput(spec, v); return r.ok ? undefined : r.problem; },
    });
    if (raw === undefined) return undefined;
    const parsed = parseInput(spec, raw);
    return parsed.ok ? parsed.value : undefined;
  }
}

function specOf(node?: SettingsNode): FieldSpec | undefined {
  return node?.field ? fieldSpec(node.field) : undefined;
}
