// Runs the check's command line in the copy, through the shell, as the person's own process: its output streamed
// to the terminal the person watches and kept (its end), a time limit and a cancel that end the whole process
// group (a test runner's children too), never waiting on a process that ignores the polite signal.
import { spawn } from 'node:child_process';
import { OutputTail } from './checkOutput';

export type CheckEnd = 'passed' | 'failed' | 'timed-out' | 'cancelled' | 'not-started';

export interface CheckRun {
  readonly end: CheckEnd;
  /** The exit code, where the process exited by itself. */
  readonly exitCode: number | null;
  readonly ms: number;
  readonly output: OutputTail;
  /** Why it did not start (`not-started`). */
  readonly error?: string;
}

export interface CheckProcessRequest {
  readonly commandLine: string;
  readonly cwd: string;
  /** Added to the extension host's environment (the task's own `options.env`). */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly onOutput?: (chunk: Buffer) => void;
  /** How long a process may take to end after SIGTERM before it is killed. */
  readonly graceMs?: number;
}

export function runCheckProcess(request: CheckProcessRequest): Promise<CheckRun> {
  const started = Date.now();
  const output = new OutputTail();
  return new Promise((resolve) => {
    const finish = (end: CheckEnd, exitCode: number | null, error?: string) => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      resolve({ end, exitCode, ms: Date.now() - started, output, ...(error === undefined ? {} : { error }) });
    };
    if (request.signal?.aborted) return finish('cancelled', null);
    const child = spawn(request.commandLine, {
      cwd: request.cwd, shell: true, env: { ...process.env, ...request.env },
      // Its own process group on POSIX, so the time limit and Cancel end what it started too.
      detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true,
    });
    let stopping: 'timed-out' | 'cancelled' | undefined;
    const stop = (why: 'timed-out' | 'cancelled') => {
      if (stopping) return;
      stopping = why;
      killTree(child.pid, 'SIGTERM');
      setTimeout(() => killTree(child.pid, 'SIGKILL'), request.graceMs ?? 3000).unref();
    };
    const onAbort = () => stop('cancelled');
    const timer = setTimeout(() => stop('timed-out'), request.timeoutMs);
    request.signal?.addEventListener('abort', onAbort);
    const take = (chunk: Buffer) => {
      output.append(chunk);
      request.onOutput?.(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => finish('not-started', null, error.message));
    child.on('close', (code) => {
      if (stopping) finish(stopping, null);
      else finish(code === 0 ? 'passed' : 'failed', code);
    });
  });
}

function killTree(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true });
    else process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
