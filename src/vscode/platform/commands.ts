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

/**
 * Every command of ids.ts, registered now; each call runs the handler of the on-demand bundle: at once where it is
 * loaded (`ready`), else once `load` brings it, so that the first command alone waits for the load.
 */
export function deferredHandlers(ready: () => CommandHandlers | undefined, load: () => Promise<CommandHandlers>): CommandHandlers {
  const deferred = (id: CommandId): CommandHandler => (...args: never[]) => {
    const handlers = ready();
    return handlers ? handlers[id](...args) : load().then((loaded) => loaded[id](...args));
  };
  return Object.fromEntries(Object.values(Command).map((id) => [id, deferred(id)])) as CommandHandlers;
}
