// What a window that used the local agent server does when it goes (deactivate), and the notice of a server the last
// exit kept running. The design is in core/localServer/exitPlan.ts: this file asks the server, makes the plan and
// leaves it to the reaper, a detached process that outlives the extension host.
import * as vscode from 'vscode';
import { EXIT_QUESTION_MS, planAtExit, reaperCommand, reaperEnvironment } from '../../core/localServer/exitPlan';
import type { ServerLayout } from '../../core/localServer/serverEnv';
import { localServerUrl } from '../../core/localServer/serverEntry';
import { spawnServer } from '../../core/localServer/serverProcess';
import { processAlive, readState, writeState, type RunningState, type ServerState } from '../../core/localServer/stateFile';
import { otherLiveUsers, unmarkUser } from '../../core/localServer/windowUsers';
import type { ServerSession } from '../connection/serverSession';
import { Command } from '../platform/ids';
import type { Logger } from '../platform/log';

export class ServerExit {
  constructor(private readonly layout: ServerLayout, private readonly session: ServerSession, private readonly logger: Logger) {}

  /** This window goes: the last one that used the server leaves the reaper its plan. */
  async leave(): Promise<void> {
    await unmarkUser(this.layout.users);
    const state = await readState(this.layout.stateFile);
    const pid = state?.pid;
    const serverRunning = pid !== undefined && processAlive(pid);
    const otherUsers = serverRunning ? (await otherLiveUsers(this.layout.users, processAlive)).length : 0;
    const asked = serverRunning && otherUsers === 0 ? await this.runningConversations(state!) : 0;
    const plan = planAtExit({ serverRunning, otherUsers, runningConversations: asked });
    if (plan !== 'none' && pid !== undefined) {
      spawnServer(reaperCommand(process.execPath, this.layout, pid, plan), reaperEnvironment(process.env), this.layout.root, this.layout.log).unref();
    }
    // Last: at the host's end the log channel may be closed already, and then a log line throws (seen in code-server).
    this.logger.info(`This window leaves the local agent server: ${plan} (other windows using it: ${otherUsers}, running conversations: ${String(asked)})`);
  }

  /** How many conversations run on the server; undefined when this window is on another server or it does not answer in time. */
  private async runningConversations(state: ServerState): Promise<number | undefined> {
    if (this.session.serverUrl !== localServerUrl(state.port)) return undefined;
    try {
      const signal = AbortSignal.timeout(EXIT_QUESTION_MS);
      const client = (await this.session.connect())?.client;
      const page = await client?.listByState?.({ states: ['running'], limit: 1 }, { signal, timeoutMs: EXIT_QUESTION_MS });
      return page?.items.length;
    } catch {
      // Not logged: at the host's end the log channel may be closed already. Not known: kept (exitPlan.ts).
      return undefined;
    }
  }

  /** Once, in the first window that uses it again: the exit kept the server running. Keeping it is the default. */
  async sayKept(state: RunningState): Promise<void> {
    await writeState(this.layout.stateFile, { port: state.port, release: state.release, pid: state.pid });
    const stop = vscode.l10n.t('Stop the Local Agent Server');
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the local agent server kept running after VS Code closed, as a conversation was running on it (or it could not be asked). It runs with the same state.'), stop);
    if (choice === stop) await vscode.commands.executeCommand(Command.StopLocalServer);
  }
}
