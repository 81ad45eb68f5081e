// Registers every command of the extension from one typed map: a command in ids.ts without a handler is a
// compile error, and `npm run check-commands` checks the map against package.json.
import * as vscode from 'vscode';
import type { CommandId } from './ids';

export type CommandHandler = (...args: never[]) => unknown;
export type CommandHandlers = Record<CommandId, CommandHandler>;

export function registerCommands(handlers: CommandHandlers): vscode.Disposable[] {
  return Object.entries(handlers).map(([id, handler]) =>
    vscode.commands.registerCommand(id, handler as (...args: unknown[]) => unknown));
}
