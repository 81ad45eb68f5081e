// OpenHands: Start / Stop the Local Agent Server. Start asks once whether the agent may run commands on this
// machine, then, with progress and Cancel: finds the server another window started (the state file and /ready), or
// starts the pinned release (uvx, else a venv), waits for /ready, and connects to it as "This machine" through
// Switch Server's own path. The window that started it watches its process: an exit it did not ask for is a crash,
// said with Restart and Show Log. The rules are in core/localServer; this file sequences them.
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { checkRelease, releaseToStart } from '../../core/localServer/releases';
import { findRunner } from '../../core/localServer/runnerProbe';
import { serverCommand, UV_INSTALL_COMMAND, uvxFetch, venvSetup, type Runner } from '../../core/localServer/runner';
import { serverEnvironment, serverLayout, type ServerLayout } from '../../core/localServer/serverEnv';
import { localServerUrl, withLocalServer } from '../../core/localServer/serverEntry';
import { answersReady, runStep, spawnServer, stopGroup, waitUntilReady } from '../../core/localServer/serverProcess';
import { choosePort } from '../../core/localServer/port';
import { makeStateFolders, StateFolderUnwritable } from '../../core/localServer/stateFolder';
import { logSince, uvError } from '../../core/localServer/startError';
import { classify, processAlive, readState, stopped, writeState, type Found } from '../../core/localServer/stateFile';
import { tryLock, unlock } from '../../core/localServer/startLock';
import { SETTINGS_SECTION } from '../../core/platform/settingKeys';
import type { ApiKeyStore } from '../connection/apiKeyStore';
import type { ServerSession } from '../connection/serverSession';
import { useServer } from '../connection/serverSwitch';
import type { CommandHandler } from '../platform/commands';
import { updateUserSetting } from '../platform/configuration';
import { signalOf } from '../platform/cancellation';
import { Command } from '../platform/ids';
import { Disposable } from '../platform/lifecycle';
import type { Logger } from '../platform/log';
import type { SettingsController } from '../settings/settingsController';
import { localServerKeys } from './localServerKeys';
import { ServerLog } from './serverLog';
import type { ServerUse } from './serverUse';

const CONSENTED = 'openhands.localAgentServer.consented';
const FIRST_READY_MS = 10 * 60_000;
const READY_MS = 3 * 60_000;
const LOCK_POLL_MS = 500;

type Progress = vscode.Progress<{ message?: string }>;
/** What a start found or made: the server's URL, and whether its state folder is new (no settings of the person yet). */
interface Reached { readonly url: string; readonly fresh: boolean }

/** A failure the person can act on: its message is shown as it is, with the command that mends it when there is one. */
class LocalServerProblem extends Error {
  /** `retry`: starting again may work (a download cut off), so Retry is offered. */
  constructor(message: string, readonly command?: string, readonly retry = false) { super(message); }
}

export interface LocalServerDeps {
  readonly context: vscode.ExtensionContext;
  readonly keys: ApiKeyStore;
  readonly session: ServerSession;
  readonly settings: SettingsController;
  readonly logger: Logger;
  /** This window's use of the server, which VS Code's exit counts (serverUse.ts). */
  readonly use: ServerUse;
}

export class LocalServer extends Disposable {
  private readonly layout: ServerLayout;
  private readonly log: ServerLog;
  /** The process this window started, while it runs. */
  private child: ChildProcess | undefined;

  constructor(private readonly deps: LocalServerDeps) {
    super();
    this.layout = serverLayout(deps.context.globalStorageUri.fsPath);
    this.log = this.register(new ServerLog(this.layout.log, deps.logger.redactor));
  }

  handlers() {
    return {
      [Command.StartLocalServer]: () => this.start(),
      [Command.StopLocalServer]: () => this.stop(),
    } satisfies Record<string, CommandHandler>;
  }

  /** Resolves to whether the extension is connected to a running local server. */
  async start(): Promise<boolean> {
    if (!(await this.consent())) return false;
    try {
      const reached = await vscode.window.withProgress({
        location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands Local Agent Server'), cancellable: true,
      }, (progress, token) => this.reach(progress, signalOf(token)));
      if (!reached) return false;
      await this.connect(reached);
      return true;
    } catch (error) {
      this.deps.logger.warn(`The local agent server did not start: ${String(error)}`);
      if (error instanceof LocalServerProblem) void this.showProblem(error.message, error.command, error.retry);
      // Once the folder is mended, Retry starts the server.
      else if (error instanceof StateFolderUnwritable) void this.showProblem(error.message, undefined, true);
      else void this.showProblem(vscode.l10n.t('The local agent server did not start: {0}', error instanceof Error ? error.message : String(error)));
      return false;
    }
  }

  /** The first start says what the agent may do here; Start is never the default answer. */
  private async consent(): Promise<boolean> {
    const state = this.deps.context.globalState;
    if (state.get<boolean>(CONSENTED)) return true;
    const start = vscode.l10n.t('Start the Server');
    const notNow = vscode.l10n.t('Not Now');
    // Not Now first: the button Enter picks.
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Run OpenHands on this machine?'), {
      modal: true,
      detail: vscode.l10n.t('The agent\'s commands will run on this machine as you, without a sandbox: they can read, change and delete whatever you can. Its conversations start with confirmation mode on: the agent asks before each action it takes (Approve or Reject in the transcript); the Settings view can turn that off. The server\'s state stays in VS Code\'s storage for this extension.'),
    }, notNow, start);
    if (choice !== start) return false;
    await state.update(CONSENTED, true);
    return true;
  }

  /** Under the lock: the running server, or one started now; undefined when cancelled. */
  private async reach(progress: Progress, signal: AbortSignal): Promise<Reached | undefined> {
    const fresh = !(await exists(this.layout.store));
    await makeStateFolders(this.layout);
    if (!(await this.lock(progress, signal))) return undefined;
    try {
      const found = await this.find();
      if (found.kind === 'stopped') return await this.launch(found.port, fresh, progress, signal, releaseToStart((await readState(this.layout.stateFile))?.release));
      const release = checkRelease(found.state.release);
      if (!release.ok) throw new LocalServerProblem(vscode.l10n.t('A local agent server of another release runs here. {0} Stop it, then start it again.', release.reason));
      const url = localServerUrl(found.state.port);
      if (found.kind === 'unready' && !(await this.ready(url, READY_MS, progress, signal, () => !processAlive(found.state.pid)))) return undefined;
      this.deps.logger.info(`Found the local agent server running at ${url} (pid ${found.state.pid})`);
      void this.log.follow();
      return { url, fresh: false };
    } finally {
      await unlock(this.layout.lockFile);
    }
  }

  /** Takes the start lock, waiting while another window holds it; false when cancelled meanwhile. */
  private async lock(progress: Progress, signal: AbortSignal): Promise<boolean> {
    while (!(await tryLock(this.layout.lockFile))) {
      progress.report({ message: vscode.l10n.t('another window is starting it…') });
      if (signal.aborted) return false;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    if (!signal.aborted) return true;
    await unlock(this.layout.lockFile);
    return false;
  }

  private async find(): Promise<Found> {
    const state = await readState(this.layout.stateFile);
    const ready = state?.pid !== undefined && await answersReady(localServerUrl(state.port));
    return classify(state, processAlive, ready);
  }

  /** What runs `release` here, and the server's environment; a machine with neither uv nor a Python is told what to install. */
  private async runnerFor(release: string): Promise<{ runner: Exclude<Runner, { kind: 'missing' }>; env: Record<string, string> }> {
    const runner = await findRunner(process.env, os.homedir(), this.deps.context.globalStorageUri.fsPath, release);
    if (runner.kind === 'missing') throw new LocalServerProblem(runner.message, UV_INSTALL_COMMAND);
    this.deps.logger.info(`Running the local agent server through ${runner.kind === 'uvx' ? runner.uvx : `a venv of ${runner.python.command} ${runner.python.version.join('.')}`}`);
    const keys = await localServerKeys(this.deps.context.secrets, this.deps.logger.redactor);
    return { runner, env: serverEnvironment(process.env, this.layout, keys) };
  }

  /** Starts `release` on its former port when free; resolves once /ready answers, undefined when cancelled. */
  private async launch(formerPort: number | undefined, fresh: boolean, progress: Progress, signal: AbortSignal, release: string): Promise<Reached | undefined> {
    const { runner, env } = await this.runnerFor(release);
    const firstRun = !(await exists(this.layout.readyMarker(release)));
    if (runner.kind === 'venv' && !(await this.makeVenv(runner, release, env, progress, signal))) return undefined;
    const port = await choosePort(formerPort);
    const url = localServerUrl(port);
    progress.report({ message: firstRun
      ? vscode.l10n.t('downloading openhands-agent-server {0} and starting it (the first time takes a few minutes)…', release)
      : vscode.l10n.t('starting openhands-agent-server {0}…', release) });
    await this.log.follow(true);
    const logFrom = (await fs.stat(this.layout.log).catch(() => undefined))?.size ?? 0;
    const line = serverCommand(runner, release, port);
    this.log.info(`Starting ${line.command} ${line.args.join(' ')} in ${this.layout.root}`);
    const child = spawnServer(line, env, this.layout.root, this.layout.log);
    // It outlives this window (another finds it through the state file): nothing here waits for it to end.
    child.unref();
    let ended = false;
    child.once('exit', () => { ended = true; });
    child.once('error', (error) => { ended = true; this.log.info(`The server could not be run: ${error.message}`); });
    if (child.pid === undefined) throw new LocalServerProblem(vscode.l10n.t('{0} could not be run.', line.command));
    await writeState(this.layout.stateFile, { port, release, pid: child.pid });
    const started = Date.now();
    if (!(await this.ready(url, firstRun ? FIRST_READY_MS : READY_MS, progress, signal, () => ended, { pid: child.pid, logFrom }))) return undefined;
    this.deps.logger.info(`The local agent server ${release} is ready at ${url} after ${Date.now() - started} ms (pid ${child.pid}${firstRun ? ', first run' : ''})`);
    await fs.writeFile(this.layout.readyMarker(release), '');
    this.hold(child);
    return { url, fresh };
  }

  /**
   * Waits for /ready: resolves to true once it answers, false when cancelled; on anything else says why. Whatever
   * the outcome but ready, the process group this window started (`started.pid`) is ended.
   */
  private async ready(url: string, timeoutMs: number, progress: Progress, signal: AbortSignal, ended: () => boolean, started?: { pid: number; logFrom: number }): Promise<boolean> {
    progress.report({ message: vscode.l10n.t('waiting until it is ready…') });
    const outcome = await waitUntilReady(url, { timeoutMs, signal, ended });
    if (outcome === 'ready') return true;
    if (started) await stopGroup(started.pid);
    if (outcome === 'cancelled') {
      if (started) await this.markStopped();
      return false;
    }
    // One that ended or never answers is not found again: the next Start starts a new one.
    await this.markStopped();
    if (outcome !== 'exited') throw new LocalServerProblem(vscode.l10n.t('The local agent server did not answer {0}/ready within {1} s. Its log says why.', url, Math.round(timeoutMs / 1000)));
    // uv's error (a download cut off or refused) is said as uv said it; Retry starts again, uv keeps what it has.
    const said = started && uvError(await logSince(this.layout.log, started.logFrom));
    throw new LocalServerProblem(said
      ? vscode.l10n.t('The local agent server could not be started: uv says "{0}". Its log says more.', said)
      : vscode.l10n.t('The local agent server ended before it was ready. Its log says why.'), undefined, true);
  }

  /** The venv for a machine without uv: made once per release, the pinned release installed into it. */
  private async makeVenv(runner: Extract<Runner, { kind: 'venv' }>, release: string, env: Record<string, string>, progress: Progress, signal: AbortSignal): Promise<boolean> {
    if (await exists(serverCommand(runner, release, 0).command)) return true;
    progress.report({ message: vscode.l10n.t('making a Python environment with {0} and installing openhands-agent-server {1} (a few minutes)…', runner.python.command, release) });
    for (const step of venvSetup(runner, release)) {
      this.log.info(`Running ${step.command} ${step.args.join(' ')}`);
      const code = await runStep(step, env, this.layout.root, this.layout.log, signal);
      if (signal.aborted) {
        await fs.rm(runner.venvDir, { recursive: true, force: true });
        return false;
      }
      if (code !== 0) {
        await fs.rm(runner.venvDir, { recursive: true, force: true });
        throw new LocalServerProblem(vscode.l10n.t('Installing openhands-agent-server {0} failed (exit code {1}). Its log says why.', release, String(code)));
      }
    }
    return true;
  }

  /**
   * Update's download of `release` while the running server runs on: into uv's cache, or a venv of its own.
   * Resolves to false when cancelled; a failure throws, with uv's error when it said one.
   */
  async fetch(release: string, progress: Progress, signal: AbortSignal): Promise<boolean> {
    const { runner, env } = await this.runnerFor(release);
    await makeStateFolders(this.layout);
    // The download's output goes to the server's log: the channel shows it from here on.
    await this.log.follow(true);
    if (runner.kind === 'venv') return this.makeVenv(runner, release, env, progress, signal);
    progress.report({ message: vscode.l10n.t('downloading openhands-agent-server {0} (a few minutes)…', release) });
    const line = uvxFetch(runner, release);
    this.log.info(`Running ${line.command} ${line.args.join(' ')}`);
    const logFrom = (await fs.stat(this.layout.log).catch(() => undefined))?.size ?? 0;
    const code = await runStep(line, env, this.layout.root, this.layout.log, signal);
    if (signal.aborted) return false;
    if (code === 0) return true;
    const said = uvError(await logSince(this.layout.log, logFrom));
    throw new LocalServerProblem(said
      ? vscode.l10n.t('Downloading openhands-agent-server {0} failed: uv says "{1}".', release, said)
      : vscode.l10n.t('Downloading openhands-agent-server {0} failed (exit code {1}). Its log says why.', release, String(code)));
  }

  /**
   * Update's restart, under the start lock: the running server stopped and `release` started on its port, with the
   * same state and key (the new one fails to start: the old release is started again, then the failure thrown). A
   * stopped server only gets `release` recorded, for its next start. Resolves to whether `release` runs now.
   */
  async restartOn(release: string, progress: Progress): Promise<boolean> {
    // Not cancellable: once the old server is stopped, a cancelled start would leave none.
    const signal = new AbortController().signal;
    await this.lock(progress, signal);
    try {
      const found = await this.find();
      if (found.kind === 'stopped') {
        if (found.port !== undefined) await writeState(this.layout.stateFile, { port: found.port, release });
        return false;
      }
      const { state } = found;
      this.child = undefined;
      await writeState(this.layout.stateFile, stopped(state));
      progress.report({ message: vscode.l10n.t('stopping openhands-agent-server {0}…', state.release) });
      await stopGroup(state.pid);
      const reached = await this.launch(state.port, false, progress, signal, release).catch(async (error: unknown) => {
        // The old release back, or the log says it is not: the update's failure is what the person is shown.
        await this.launch(state.port, false, progress, signal, state.release).catch((again: unknown) => {
          this.deps.logger.warn(`openhands-agent-server ${state.release} did not start again after the failed update: ${String(again)}`);
        });
        throw error;
      });
      if (reached && this.deps.session.serverUrl === reached.url) await this.connect(reached);
      return true;
    } finally {
      await unlock(this.layout.lockFile);
    }
  }

  showLog(): void {
    this.log.show();
  }

  /** Watches the process this window started: an exit nobody asked for is a crash. */
  private hold(child: ChildProcess): void {
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      void this.crashed(child.pid, code ?? signal);
    });
    this.register({ dispose: () => child.removeAllListeners('exit') });
  }

  private async crashed(pid: number | undefined, how: number | string | null): Promise<void> {
    const state = await readState(this.layout.stateFile);
    // Stop (in any window) clears the pid first: then the exit was asked for.
    if (!state || state.pid !== pid) return;
    await writeState(this.layout.stateFile, stopped(state));
    this.deps.logger.warn(`The local agent server (pid ${pid}) ended unexpectedly: ${String(how)}`);
    this.refreshIfShown(state.port);
    const restart = vscode.l10n.t('Restart');
    const show = vscode.l10n.t('Show Log');
    const choice = await vscode.window.showErrorMessage(vscode.l10n.t('OpenHands: the local agent server stopped unexpectedly ({0}).', String(how)), restart, show);
    if (choice === restart) await this.start();
    else if (choice === show) this.log.show();
  }

  /** Connects to it as any server: its key stored for its URL, "This machine" in openhands.servers, then switched to. */
  private async connect(reached: Reached): Promise<void> {
    const { keys, session, logger, settings } = this.deps;
    const { sessionKey } = await localServerKeys(this.deps.context.secrets, logger.redactor);
    await keys.set(reached.url, { kind: 'session', key: sessionKey });
    const servers = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<unknown[]>('servers', []);
    await updateUserSetting('servers', withLocalServer(servers, vscode.l10n.t('This machine'), reached.url));
    // Already the server URL (started again after a Stop or a crash): the views load again from the new server.
    if (!(await useServer(reached.url, session, logger))) await settings.refresh(true);
    await this.deps.use.join();
    if (!reached.fresh) return;
    // A new server: its conversations start with confirmation mode on, a setting the person can turn off.
    if (await session.connect()) await settings.edit('confirmation_mode', true, vscode.l10n.t('Confirmation mode'));
  }

  /** Resolves to whether a running server was stopped. */
  async stop(): Promise<boolean> {
    const state = await readState(this.layout.stateFile);
    const pid = state?.pid;
    this.log.stop();
    if (!state || pid === undefined || !processAlive(pid)) {
      if (state) await writeState(this.layout.stateFile, stopped(state));
      void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the local agent server is not running.'));
      return false;
    }
    this.child = undefined;
    await writeState(this.layout.stateFile, stopped(state));
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('OpenHands: stopping the local agent server…') },
      () => stopGroup(pid));
    this.deps.logger.info(`Stopped the local agent server (pid ${pid})`);
    this.refreshIfShown(state.port);
    void vscode.window.showInformationMessage(vscode.l10n.t('OpenHands: the local agent server is stopped. Start a Local Agent Server starts it again with the same state.'));
    return true;
  }

  /** The views say at once that the server is gone when they show it (else only their next request would). */
  private refreshIfShown(port: number): void {
    if (this.deps.session.serverUrl === localServerUrl(port)) void this.deps.settings.refresh();
  }

  private async markStopped(): Promise<void> {
    const state = await readState(this.layout.stateFile);
    if (state) await writeState(this.layout.stateFile, stopped(state));
  }

  private async showProblem(message: string, command?: string, retry = false): Promise<void> {
    const show = vscode.l10n.t('Show Log');
    const copy = vscode.l10n.t('Copy the Command');
    const again = vscode.l10n.t('Retry');
    const choice = await vscode.window.showErrorMessage(message, ...(command ? [copy] : []), ...(retry ? [again] : []), show);
    if (choice === show) this.log.show();
    else if (choice === again) await this.start();
    else if (choice === copy && command) await vscode.env.clipboard.writeText(command);
  }
}

function exists(file: string): Promise<boolean> {
  return fs.access(file).then(() => true, () => false);
}
