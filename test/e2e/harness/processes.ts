// Child processes of the harness: each one gets its own process group (setsid via `detached`), so that
// stopping it also stops what it spawned (code-server's extension hosts, file watchers, npm's scripts).
// Every group still running is stopped on normal exit, on failure and on Ctrl-C / SIGTERM.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';

const liveGroups = new Set<number>();
const cleanups: Array<() => Promise<void> | void> = [];
let cleaningUp: Promise<void> | undefined;

/** Registers a cleanup step; steps run last-registered first. */
export function onCleanup(step: () => Promise<void> | void): void {
  cleanups.push(step);
}

/** True once cleanup began (Ctrl-C, SIGTERM, or the end of the run): start nothing new. */
export function isStopping(): boolean {
  return cleaningUp !== undefined;
}

/** Runs every cleanup step, then stops any process group still alive. Safe to call more than once. */
export function cleanupAll(): Promise<void> {
  cleaningUp ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      try {
        await step();
      } catch (error) {
        console.error('cleanup step failed:', error);
      }
    }
    await Promise.all([...liveGroups].map((pgid) => stopGroup(pgid)));
  })();
  return cleaningUp;
}

let handlersInstalled = false;

/** Stops everything on Ctrl-C, SIGTERM, SIGHUP and on exit (the exit handler can only send SIGKILL). */
export function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping every process this run started...`);
      void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  process.on('exit', () => {
    for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
  });
}

function killGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: no process left in the group
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM to the whole group, SIGKILL after `graceMs` if anything is left. */
export async function stopGroup(pgid: number, graceMs = 5000): Promise<void> {
  if (killGroup(pgid, 'SIGTERM')) {
    const deadline = Date.now() + graceMs;
    while (killGroup(pgid, 0) && Date.now() < deadline) await sleep(100);
    if (killGroup(pgid, 0)) killGroup(pgid, 'SIGKILL');
  }
  liveGroups.delete(pgid);
}

export interface Started {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the exit code (or the signal name) when the group leader exits. */
  readonly exited: Promise<number | string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Append stdout and stderr to this file; otherwise they are inherited. */
  logFile?: string;
}

/** Starts `command` in a new process group that is stopped at cleanup at the latest. */
export function start(command: string, args: readonly string[], options: StartOptions = {}): Started {
  const stdio: SpawnOptions['stdio'] = options.logFile
    ? ['ignore', fs.openSync(options.logFile, 'a'), fs.openSync(options.logFile, 'a')]
    : ['ignore', 'inherit', 'inherit'];
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio, detached: true });
  if (Array.isArray(stdio)) for (const fd of stdio) if (typeof fd === 'number') fs.closeSync(fd);
  const exited = new Promise<number | string>((resolve) => {
    child.once('error', (error) => resolve(`spawn error: ${error.message}`));
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  if (child.pid === undefined) {
    return { child, pid: -1, exited, stop: async () => undefined };
  }
  const pid = child.pid;
  liveGroups.add(pid);
  return { child, pid, exited, stop: () => stopGroup(pid) };
}

/** Runs `command` to completion in its own process group; rejects on a non-zero exit. */
export async function run(command: string, args: readonly string[], options: StartOptions = {}): Promise<void> {
  const started = start(command, args, options);
  const result = await started.exited;
  await started.stop(); // reaps anything the command left behind in its group
  if (result !== 0) {
    const where = options.logFile ? ` (log: ${options.logFile})` : '';
    throw new Error(`${command} ${args.join(' ')} failed: ${result}${where}`);
  }
}
