// A command's failure that its handler did not present (a request rejected past its own catch, a throw) reaches the
// person as the extension's message with its actions (Retry runs the command again), not as VS Code's "Command ...
// resulted in an error" dialog, which offers nothing to do. Each lazily loaded root wraps the handlers it builds;
// the activation bundle registers them as they come (src/vscode/platform/commands.ts).
import type { CommandHandler } from './commands';
import type { ErrorPresenter } from './errorPresenter';

export function presentingFailures<Handlers extends Record<string, CommandHandler>>(handlers: Handlers, errors: ErrorPresenter): Handlers {
  const presenting = (handler: CommandHandler): CommandHandler => async function run(...args: never[]): Promise<unknown> {
    try {
      return await handler(...args);
    } catch (error) {
      // Not awaited: a command another one runs (a fix before a retry) resolves now, as a failed one, to undefined.
      void errors.show(error, { retry: () => run(...args) });
      return undefined;
    }
  };
  return Object.fromEntries(Object.entries(handlers).map(([id, handler]) => [id, presenting(handler)])) as Handlers;
}
