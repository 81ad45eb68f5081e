// A Settings-view row command's argument: the row its menu passed, or, where VS Code passed none (the view was
// refreshed meanwhile), the row the person picks among those the menu item shows on (the same tokens as its `when`
// clause in package.json).
import * as vscode from 'vscode';
import type { SettingsNode } from '../../core/settings/settingsTree';
import { askRow } from '../platform/rowArgument';

/** The rows the Settings view shows now: where a row command that VS Code handed no row asks which. */
export interface SettingsRows {
  rows(): readonly SettingsNode[];
}

export function onRow(view: SettingsRows, act: (node: SettingsNode) => Promise<boolean>, placeHolder: string, applies: (tokens: readonly string[]) => boolean) {
  return async (node?: SettingsNode): Promise<boolean> => {
    const row = node ?? await askRow(view.rows().filter((r) => applies(r.contextValue.split(' '))), (r) => ({ label: r.label, description: r.description }),
      { placeHolder, none: vscode.l10n.t('OpenHands: the Settings view shows no setting this applies to.') });
    return row ? act(row) : false;
  };
}

/** Whether a row's tokens hold every one wanted. */
export const hasTokens = (tokens: readonly string[], ...wanted: string[]): boolean => wanted.every((token) => tokens.includes(token));
