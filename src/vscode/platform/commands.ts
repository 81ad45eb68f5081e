// Registers every command of the extension from one typed map: a command in ids.ts without a handler is a
// compile error, and `npm run check-commands` checks the map against package.json.
import * as vscode from 'vscode';
import {
  AgentWorkCommands, CheckCommands, Command, LocalServerCommands, ReviewCommands, SettingsListCommands,
  type AgentWorkCommand, type CheckCommand, type CommandId, type LocalServerCommand, type ReviewCommand, type SettingsListCommand,
} from './ids';

export type CommandHandler = (...args: never[]) => unknown;
export type CommandHandlers = Record<CommandId, CommandHandler>;
/** The commands of the agent's work (src/agentWork.ts), and all the others but the review's (src/onDemand.ts). */
export type AgentWorkHandlers = Record<AgentWorkCommand, CommandHandler>;
/** The review's commands (src/review.ts). */
export type ReviewHandlers = Record<ReviewCommand, CommandHandler>;
/** Check Changes' commands (src/checkWork.ts). */
export type CheckHandlers = Record<CheckCommand, CommandHandler>;
/** The Settings view's LLM profiles and secrets (src/settingsLists.ts). */
export type SettingsListHandlers = Record<SettingsListCommand, CommandHandler>;
/** The local agent server's commands (src/localServerWork.ts). */
export type LocalServerHandlers = Record<LocalServerCommand, CommandHandler>;
type OnDemandCommand = Exclude<CommandId, AgentWorkCommand | ReviewCommand | CheckCommand | SettingsListCommand | LocalServerCommand>;
export type OnDemandHandlers = Record<OnDemandCommand, CommandHandler>;

/** The commands src/onDemand.ts builds: all but those of the bundles loaded apart. */
const elsewhere: readonly CommandId[] = [...AgentWorkCommands, ...ReviewCommands, ...CheckCommands, ...SettingsListCommands, ...LocalServerCommands];
export const onDemandIds = Object.values(Command).filter((id): id is OnDemandCommand => !elsewhere.includes(id));

export function registerCommands(handlers: CommandHandlers): vscode.Disposable[] {
  return Object.entries(handlers).map(([id, handler]) =>
    vscode.commands.registerCommand(id, handler as (...args: unknown[]) => unknown));
}

/**
 * The commands `ids`, registered now; each call runs the handler of the bundle that builds it: at once where it is
 * loaded (`ready`), else once `load` brings it, so that the first command alone waits for the load.
 */
export function deferredHandlers<Id extends CommandId>(
  ids: readonly Id[], ready: () => Record<Id, CommandHandler> | undefined, load: () => Promise<Record<Id, CommandHandler>>,
): Record<Id, CommandHandler> {
  const deferred = (id: Id): CommandHandler => (...args: never[]) => {
    const handlers = ready();
    return handlers ? handlers[id](...args) : load().then((loaded) => loaded[id](...args));
  };
  return Object.fromEntries(ids.map((id) => [id, deferred(id)])) as Record<Id, CommandHandler>;
}
