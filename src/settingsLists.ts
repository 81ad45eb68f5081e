// The composition root of the Settings view's LLM profiles and secrets: reading them into the view's groups, and their
// commands (save the current LLM as a profile, activate, rename, delete; add and delete a secret). The build emits it
// as its own file, dist/settingsLists.js, which extension.ts loads only where the client says a server keeps such
// lists (an agent server), or on the first of these commands: a session on another line never loads it.
import type { Activated } from './onDemand';
import type { SettingsListHandlers } from './vscode/platform/commands';
import { presentingFailures } from './vscode/platform/presentedFailures';
import { inputBoxPrompter } from './vscode/platform/prompter';
import { settingsListHandlers } from './vscode/settings/settingsListCommands';

export { readSettingsLists } from './core/settings/settingsListsTree';

let handlers: SettingsListHandlers | undefined;

/** The commands' handlers, built on the first of them. */
export function settingsLists({ settings, session, settingsTree, errors, logger }: Activated): SettingsListHandlers {
  return handlers ??= presentingFailures(settingsListHandlers(settings, session, settingsTree, inputBoxPrompter, errors, logger), errors);
}
