// What a window that used the local agent server does when it goes (deactivate), and the notice of a server the last
// exit kept running. The design is in core/localServer/exitPlan.ts: this file asks the server, makes the plan and
// leaves it to the reaper, a detached process that outlives the extension host.
import * as vscode from 'vscode';
import type { OpenHandsClient } from '../../api/client';
import { EXIT_QUESTION_MS, planAtExit, planReason, reaperCommand, reaperEnvironment } from '../../core/localServer/exitPlan';
import type { ServerLayout } from '../../core/localServer/serverEnv';
import { localServerUrl } from '../../core/localServer/serverEntry';
import { spawnServer } from '../../core/localServer/serverProcess';
import { processAlive, readState, writeState, type RunningState, type ServerState } from '../../core/localServer/stateFile';
import { otherLiveUsers, unmarkUser } from '../../core/localServer/windowUsers';
import type { ServerSession } from '../connection/serverSession';
import { Command } from '../platform/ids';
import type { Logger } from '../platform/log';

export class ServerExit {
  /**
   * The local server's client for the question at exit, made while this window could still read the key (see
   * ServerSession.lastingConnection): connected once, again after a failure.
   */
  private lasting: { readonly url: string; readonly client: () => Promise<OpenHandsClient> } | undefined;

  constructor(private readonly layout: ServerLayout, private readonly session: ServerSession, private readonly logger: Logger) {}

  /** This window uses the server at `url` (again: a restart, an update): the question at exit is prepared now. */
  async prepare(url: string): Promise<void> {
    const connect = await this.session.lastingConnection(url);
    let made: Promise<OpenHandsClient> | undefined;
    const client = () => (made ??= connect().catch((error: unknown) => { made = undefined; throw error; }));
    this.lasting = { url, client };
    // Not awaited: Start and the reload's check go on meanwhile.
    void client().catch((error: unknown) => this.logger.warn(`Connecting for VS Code's exit to ${url} failed (tried again then): ${String(error)}`));
  }

  /** This window goes: the last one that used the server leaves the reaper its plan. */
  async leave(): Promise<void> {
    await unmarkUser(this.layout.users);
    const state = await readState(this.layout.stateFile);
    const pid = state?.pid;
    const serverRunning = pid !== undefined && processAlive(pid);
    const otherUsers = serverRunning ? (await otherLiveUsers(this.layout.users, processAlive)).length : 0;
    const asked = serverRunning && otherUsers === 0 ? await this.runningConversations(state!) : { running: 0 };
    const facts = { serverRunning, otherUsers, runningConversations: asked.running, unasked: asked.unasked };
    const plan = planAtExit(facts);
    if (plan !== 'none' && pid !== undefined) {
      const line = reaperCommand(process.execPath, this.layout, pid, plan, planReason(facts));
      spawnServer(line, reaperEnvironment(process.env), this.layout.root, this.layout.log).unref();
    }
    // Last: at the host's end the log channel may be closed already, and then a log line throws (seen in code-server).
    this.logger.info(`This window leaves the local agent server: ${plan} (other windows using it: ${otherUsers}, ${planReason(facts)})`);
  }

  /** How many conversations run on the server, or why it could not be asked (no client of it, no answer in time). */
  private async runningConversations(state: ServerState): Promise<{ running?: number; unasked?: string }> {
    if (this.lasting?.url !== localServerUrl(state.port)) return { unasked: 'this window has no client of it' };
    try {
      const signal = AbortSignal.timeout(EXIT_QUESTION_MS);
      // A connection still on its way is waited for within the same time.
      const ended = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error(`no answer within ${EXIT_QUESTION_MS} ms`)), { once: true }));
      const client = await Promise.race([this.lasting.client(), ended]);
      const page = await client.listByState?.({ states: ['running'], limit: 1 }, { signal, timeoutMs: EXIT_QUESTION_MS });
      return page ? { running: page.items.length } : { unasked: 'its API does not list conversations by state' };
    } catch (error) {
      // Said by the reaper, in the server's log: at the host's end the log channel may be closed already.
      return { unasked: error instanceof Error ? error.message : String(error) };
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
