// The local agent server's process: started in a process group of its own (so that Stop ends uvx and the Python it
// runs together, and a window's reload does not end it), its output appended to a log file (a pipe would break
// with the window that started it), /ready polled until it answers, the group ended on Stop.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import type { CommandLine } from './runner';

const READY_POLL_MS = 500;
const READY_REQUEST_MS = 2_000;
const STOP_GRACE_MS = 10_000;

/** Starts `line` in `cwd`, detached, its output appended to `logFile`. */
export function spawnServer(line: CommandLine, env: Record<string, string>, cwd: string, logFile: string): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  try {
    return spawn(line.command, line.args, { cwd, env, detached: true, stdio: ['ignore', log, log] });
  } finally {
    fs.closeSync(log);
  }
}

/** Runs one setup step (the venv, the pip install) to its end, output to `logFile`; resolves to its exit code. */
export function runStep(line: CommandLine, env: Record<string, string>, cwd: string, logFile: string, signal: AbortSignal): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawnServer(line, env, cwd, logFile);
    const abort = () => { if (child.pid) killGroup(child.pid, 'SIGTERM'); };
    signal.addEventListener('abort', abort, { once: true });
    child.once('error', reject);
    child.once('exit', (code) => { signal.removeEventListener('abort', abort); resolve(code); });
  });
}

export async function answersReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(READY_REQUEST_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

export type ReadyOutcome = 'ready' | 'exited' | 'timeout' | 'cancelled';

/** Polls /ready until it answers, the process ends (`ended()`), the time limit passes or `signal` aborts. */
export async function waitUntilReady(url: string, options: { timeoutMs: number; signal: AbortSignal; ended: () => boolean }): Promise<ReadyOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.signal.aborted) return 'cancelled';
    if (options.ended()) return 'exited';
    if (await answersReady(url)) return 'ready';
    if (Date.now() >= deadline) return 'timeout';
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Ends the process group led by `pid`: SIGTERM (the server then ends its conversations' tmux servers), SIGKILL after a grace. */
export async function stopGroup(pid: number, graceMs = STOP_GRACE_MS): Promise<void> {
  if (!killGroup(pid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
}
