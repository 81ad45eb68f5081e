// The composition root of the local agent server (Start / Stop / Update the Local Agent Server, this window's use of it and
// what VS Code's exit does to it). The build emits it as its own file, dist/localServerWork.js, which extension.ts
// loads on the first of its commands, or right after activation where the server URL is the local server's (a
// reloaded window must say it uses the server before the reaper left by the window it replaced looks).
import type { Activated } from './onDemand';
import { serverLayout } from './core/localServer/serverEnv';
import type { LocalServerHandlers } from './vscode/platform/commands';
import { presentingFailures } from './vscode/platform/presentedFailures';
import { LocalServer } from './vscode/localServer/localServer';
import { ServerExit } from './vscode/localServer/serverExit';
import { ServerUpdate } from './vscode/localServer/serverUpdate';
import { ServerUse } from './vscode/localServer/serverUse';
import { Command } from './vscode/platform/ids';

export interface LocalServerWork {
  readonly handlers: LocalServerHandlers;
  readonly use: ServerUse;
  /** deactivate: what this window does to the server as it goes. */
  leave(): Promise<void>;
}

export function localServerWork(activated: Activated): LocalServerWork {
  const { context, keys, session, settings, logger, errors } = activated;
  const layout = serverLayout(context.globalStorageUri.fsPath);
  const exit = new ServerExit(layout, session, logger);
  const use = new ServerUse(layout, session, exit);
  // The watch of the process this window starts, disposed with the extension.
  const server = new LocalServer({ context, keys, session, settings, logger, use });
  context.subscriptions.push(use, server);
  const update = new ServerUpdate(server, layout.stateFile, logger);
  const handlers = { ...server.handlers(), [Command.UpdateLocalServer]: () => update.run() };
  // Never throws: at the host's end the log channel may be closed already, and a log line then throws too.
  const leave = () => (use.used ? exit.leave().catch(() => undefined) : Promise.resolve());
  return { handlers: presentingFailures(handlers, errors), use, leave };
}
