// Registers every command of the extension from one typed map: a command in ids.ts without a handler is a
// compile error, and `npm run check-commands` checks the map against package.json.
import * as vscode from 'vscode';
import { Command, type CommandId } from './ids';

export type CommandHandler = (...args: never[]) => unknown;
export type CommandHandlers = Record<CommandId, CommandHandler>;

export function registerCommands(handlers: CommandHandlers): vscode.Disposable[] {
  return Object.entries(handlers).map(([id, handler]) =>
    vscode.commands.registerCommand(id, handler as (...args: unknown[]) => unknown));
}

/** Every command of ids.ts, registered now; each call runs the handler `load` resolves to (the on-demand bundle's). */
export function deferredHandlers(load: () => Promise<CommandHandlers>): CommandHandlers {
  const deferred = (id: CommandId): CommandHandler => async (...args: never[]) => (await load())[id](...args);
  return Object.fromEntries(Object.values(Command).map((id) => [id, deferred(id)])) as CommandHandlers;
}
